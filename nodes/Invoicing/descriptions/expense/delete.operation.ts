import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { expenseLocator } from './get.operation';

export const deleteFields: INodeProperties[] = showFor('expense', ['delete'], [expenseLocator('The expense to delete')]);
