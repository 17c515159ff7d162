import type { Resource } from './api-types';

/**
 * How messages of the trigger and the list searches name each kind of record ("List Invoices", "Get Invoice");
 * the action node's names come from its resource specs, and a unit test keeps both the same.
 */
export const RESOURCE_NAMES: Record<Resource, { one: string; many: string }> = {
	client: { one: 'Client', many: 'Clients' },
	expense: { one: 'Expense', many: 'Expenses' },
	invoice: { one: 'Invoice', many: 'Invoices' },
	estimate: { one: 'Estimate', many: 'Estimates' },
};
