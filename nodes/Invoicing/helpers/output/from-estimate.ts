import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { CREDENTIAL_TYPE, failedAnswer, type ApiAnswer } from '../../../shared/api-request';
import { isApiSuccess } from '../../../shared/api-errors';
import { failureLabel } from '../errors/failure-labels';
import { sourceEstimateOf, type SourceEstimate } from '../guards/from-estimate';
import { encodeBracketForm } from '../input/form-encoding';
import type { PostReceive } from './post-receive';
import { shapeWrite } from './post-receive';

/**
 * The estimate's "accepted" set to True: PUT /estimate/{id} with what the API requires on every update (its
 * client and number) and nothing else, so its items and amounts stay as they are.
 */
async function markAccepted(ctx: IExecuteSingleFunctions, estimate: SourceEstimate, invoice: IDataObject): Promise<void> {
	const url = `/estimate/${encodeURIComponent(estimate.id)}`;
	const request: IHttpRequestOptions = {
		method: 'PUT',
		url,
		headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
		body: encodeBracketForm({ client: estimate.clientId, estimate_no: estimate.number, accepted: 'True' }),
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	};
	const answer = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, request)) as ApiAnswer;
	if (isApiSuccess(answer.statusCode, answer.body)) return;
	const action = `${failureLabel(ctx)} made the invoice "${String(invoice.invoice_no)}" (id ${String(invoice.id)}), then marking the estimate "${estimate.number}" accepted`;
	throw failedAnswer(ctx, { action, method: 'PUT', url, itemIndex: ctx.getItemIndex(), after: 'Run it again to mark it: the invoice is found, not made twice.' }, answer);
}

/**
 * Create from Estimate: the invoice as Create gives it (`action` "created" or "existing"), with
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
