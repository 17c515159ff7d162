import type { INodeProperties } from 'n8n-workflow';

import { recordLocator, showFor } from '../common';

export const expenseLocator = (description: string): INodeProperties =>
	recordLocator({ name: 'expenseId', displayName: 'Expense', searchMethod: 'searchExpenses', description });

export const getFields: INodeProperties[] = showFor('expense', ['get'], [expenseLocator('The expense to get')]);
