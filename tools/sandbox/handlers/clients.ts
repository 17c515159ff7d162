import { invoiceView, estimateView, clientListView, clientView } from '../views';
import { clearableText, optionalEmail, requiredText } from '../validate';
import type { Client } from '../types';
import type { HandlerContext, Route } from './context';

function list({ store }: HandlerContext) {
	return { data: store.listed('clients').map(clientListView) };
}

function get({ store, id }: HandlerContext) {
	const client = store.get('clients', id);
	return {
		data: [clientView(client)],
		invoices: store.listed('invoices').filter((i) => i.customer_id === id).map((i) => invoiceView(i)),
		estimates: store
			.listed('estimates')
			.filter((e) => e.customer_id === id)
			.map((e) => estimateView(e, 'reference_no', true)),
	};
}

function create({ store, params, clock, ids }: HandlerContext) {
	const now = clock.timestamp();
	const client: Client = {
		id: ids.id(),
		names: requiredText(params, 'names'),
		email: optionalEmail(params, 'email') ?? '',
		phone: clearableText(params, 'phone') ?? '',
		address: clearableText(params, 'address') ?? '',
		created_at: now,
		updated_at: now,
	};
	store.insert('clients', client);
	return { data: [clientView(client)] };
}

function update({ store, params, clock, id }: HandlerContext) {
	const client = store.get('clients', id);
	const names = requiredText(params, 'names');
	const email = optionalEmail(params, 'email');
	client.names = names;
	client.email = email ?? client.email;
	client.phone = clearableText(params, 'phone') ?? client.phone;
	client.address = clearableText(params, 'address') ?? client.address;
	client.updated_at = clock.timestamp();
	store.changed();
	return { data: [clientView(client)] };
}

function remove({ store, id }: HandlerContext) {
	store.remove('clients', id);
	return { id };
}

export const clientRoutes: Route[] = [
	{ method: 'GET', path: '/client/all', handler: list },
	{ method: 'POST', path: '/client/add', handler: create },
	{ method: 'GET', path: '/client/{id}', handler: get },
	{ method: 'PUT', path: '/client/{id}', handler: update },
	{ method: 'DELETE', path: '/client/{id}', handler: remove },
];
