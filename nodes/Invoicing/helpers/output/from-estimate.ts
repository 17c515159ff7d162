import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { failureLabel } from '../errors/failure-labels';
import { sourceEstimateOf, type SourceEstimate } from '../guards/writes/from-estimate';
import { putForm } from '../request/put-form';
import type { PostReceive } from './post-receive';
import { shapeWrite } from './post-receive';

/**
 * The estimate's "accepted" set to True: PUT /estimate/{id} with what the API requires on every update (its
 * client and number) and nothing else, so its items and amounts stay as they are.
 */
async function markAccepted(ctx: IExecuteSingleFunctions, estimate: SourceEstimate, invoice: IDataObject): Promise<void> {
	await putForm(
		ctx,
		`/estimate/${encodeURIComponent(estimate.id)}`,
		{ client: estimate.clientId, estimate_no: estimate.number, accepted: 'True' },
		`${failureLabel(ctx)} made the invoice "${String(invoice.invoice_no)}" (id ${String(invoice.id)}), then marking the estimate "${estimate.number}" accepted`,
		'Run it again to mark it: the invoice is found, not made twice.',
	);
}

/**
 * Create From Estimate: the invoice as Create gives it (`action` "created" or "existing"), with
 * `from_estimate: {id, estimate_no}`; the estimate is marked accepted afterwards when asked and not yet so.
 */
export function shapeFromEstimate(): PostReceive {
	const write = shapeWrite('invoice');
	return async function invoiceFromEstimate(this: IExecuteSingleFunctions, items, response) {
		const [item] = await write.call(this, items, response);
		const estimate = sourceEstimateOf(this);
		if (!estimate) return [item];
		if (this.getNodeParameter('markEstimateAccepted', false) === true && !estimate.accepted) await markAccepted(this, estimate, item.json);
		return [{ json: { ...item.json, from_estimate: { id: estimate.id, estimate_no: estimate.number } } }];
	};
}
