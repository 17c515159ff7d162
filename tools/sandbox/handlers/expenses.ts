import { expenseView } from '../views';
import { clearableText, requiredCurrency, requiredDate, requiredNumber, requiredText } from '../validate';
import type { Expense, Params } from '../types';
import type { HandlerContext, Route } from './context';

/** The service files every expense under one category; it is not an input. */
const CATEGORY = 'General';

function readExpense(params: Params) {
	return {
		description: requiredText(params, 'description'),
		issued_date: requiredDate(params, 'issue_date'),
		amount: requiredNumber(params, 'amount'),
		currency: requiredCurrency(params),
		vendor: clearableText(params, 'vendor'),
	};
}

function list({ store }: HandlerContext) {
	return { data: store.list('expenses').map(expenseView) };
}

function get({ store, id }: HandlerContext) {
	return { expense: [expenseView(store.get('expenses', id))] };
}

function create({ store, params, clock, ids }: HandlerContext) {
	const input = readExpense(params);
	const now = clock.timestamp();
	const expense: Expense = {
		id: ids.id(),
		short_code: ids.shortCode(),
		category: CATEGORY,
		...input,
		vendor: input.vendor ?? '',
		created_at: now,
		updated_at: now,
	};
	store.insert('expenses', expense);
	return { expense: [expenseView(expense)] };
}

function update({ store, params, clock, id }: HandlerContext) {
	const expense = store.get('expenses', id);
	const input = readExpense(params);
	Object.assign(expense, { ...input, vendor: input.vendor ?? expense.vendor, updated_at: clock.timestamp() });
	store.changed();
	return { expense: [expenseView(expense)] };
}

function remove({ store, id }: HandlerContext) {
	store.remove('expenses', id);
	return { id };
}

export const expenseRoutes: Route[] = [
	{ method: 'GET', path: '/expense/all', handler: list },
	{ method: 'POST', path: '/expense/add', handler: create },
	{ method: 'GET', path: '/expense/{id}', handler: get },
	{ method: 'PUT', path: '/expense/{id}', handler: update },
	{ method: 'DELETE', path: '/expense/{id}', handler: remove },
];
