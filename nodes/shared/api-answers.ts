import type { IDataObject } from 'n8n-workflow';

import type { ApiEnvelope, Resource } from './api-types';

/** The list under `key` in an answer; an absent or malformed one is empty. */
export function listOf(body: ApiEnvelope, key: string): IDataObject[] {
	const value = body[key];
	return Array.isArray(value) ? (value as IDataObject[]) : [];
}

/** Estimates carry their number under both names, whichever the endpoint used. */
export function withBothEstimateNumbers(estimate: IDataObject): IDataObject {
	const number = estimate.reference_no ?? estimate.estimate_no;
	return { ...estimate, estimate_no: number, reference_no: number };
}

/** The record of a get, create or update answer with its related lists, envelope removed (docs/design.md, "Where the service's interface is silent": output of actions). */
export function recordFromAnswer(resource: Resource, body: ApiEnvelope): IDataObject {
	switch (resource) {
		case 'client': {
			const client = listOf(body, 'data')[0] ?? {};
			const related =
				'invoices' in body
					? { invoices: listOf(body, 'invoices'), estimates: listOf(body, 'estimates').map(withBothEstimateNumbers) }
					: {};
			return { ...client, ...related };
		}
		case 'expense':
			return listOf(body, 'expense')[0] ?? {};
		case 'invoice': {
			const related = 'payments' in body ? { payments: listOf(body, 'payments'), send_log: listOf(body, 'send_log') } : {};
			return { ...(listOf(body, 'invoice')[0] ?? {}), items: listOf(body, 'items'), ...related };
		}
		case 'estimate': {
			const related = 'send_log' in body ? { send_log: listOf(body, 'send_log') } : {};
			return { ...withBothEstimateNumbers(listOf(body, 'estimate')[0] ?? {}), items: listOf(body, 'items'), ...related };
		}
	}
}
