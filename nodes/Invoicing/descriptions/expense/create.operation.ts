import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { expenseInputFields } from './fields';

const order = ['description', 'issueDate', 'amount', 'currency'];

export const expenseCreateFields: INodeProperties[] = showFor(
	['expense'],
	['create'],
	order.map((name) => ({ ...(expenseInputFields.find((field) => field.name === name) as INodeProperties), required: true })),
);
