import type { Estimate, Params } from '../types';
import { oneOf, optionalText, requiredText } from '../validate';
import { estimateView, itemView, itemWithAmountView } from '../views';
import type { HandlerContext, Route } from './context';
import { applyDocumentUpdate, newDocumentFields, readDocument, recordSend } from './documents';

const ACCEPTED = ['True', 'False'] as const;

function accepted(params: Params): Estimate['accepted'] | undefined {
	return oneOf(optionalText(params, 'accepted'), 'accepted', ACCEPTED);
}

function withItems(estimate: Estimate) {
	return { estimate: [estimateView(estimate, 'estimate_no')], items: estimate.items.map(itemView) };
}

function list({ store }: HandlerContext) {
	return { data: store.listed('estimates').map((e) => estimateView(e, 'reference_no')) };
}

function get({ store, id }: HandlerContext) {
	const estimate = store.get('estimates', id);
	return {
		estimate: [estimateView(estimate, 'reference_no')],
		items: estimate.items.map(itemWithAmountView),
		send_log: estimate.send_log,
	};
}

function create({ store, params, clock, ids }: HandlerContext) {
	const estimateNo = requiredText(params, 'estimate_no');
	const acceptedValue = accepted(params);
	const fields = newDocumentFields(readDocument(store, params, true), clock);
	const estimate: Estimate = {
		id: ids.id(),
		short_code: ids.shortCode(),
		estimate_no: estimateNo,
		accepted: acceptedValue ?? 'False',
		...fields,
	};
	store.insert('estimates', estimate);
	return withItems(estimate);
}

function update({ store, params, clock, id }: HandlerContext) {
	const estimate = store.get('estimates', id);
	const estimateNo = requiredText(params, 'estimate_no');
	const acceptedValue = accepted(params);
	const input = readDocument(store, params, false);
	applyDocumentUpdate(estimate, input, clock);
	estimate.estimate_no = estimateNo;
	estimate.accepted = acceptedValue ?? estimate.accepted;
	store.changed();
	return withItems(estimate);
}

function send({ store, params, clock }: HandlerContext) {
	const estimate = store.get('estimates', requiredText(params, 'id'));
	recordSend(estimate, params, clock);
	store.changed();
	return { message: 'Estimate was successfully sent.' };
}

function remove({ store, id }: HandlerContext) {
	store.remove('estimates', id);
	return { id };
}

export const estimateRoutes: Route[] = [
	{ method: 'GET', path: '/estimate/all', handler: list },
	{ method: 'POST', path: '/estimate/add', handler: create },
	{ method: 'POST', path: '/estimate/send', handler: send },
	{ method: 'GET', path: '/estimate/{id}', handler: get },
	{ method: 'PUT', path: '/estimate/{id}', handler: update },
	{ method: 'DELETE', path: '/estimate/{id}', handler: remove },
];
