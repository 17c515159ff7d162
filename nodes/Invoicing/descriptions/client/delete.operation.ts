import type { INodeProperties } from 'n8n-workflow';

import { clientLocator, showFor } from '../common';

export const deleteFields: INodeProperties[] = showFor('client', ['delete'], [clientLocator('The client to delete')]);
