import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

import { failureLabel } from '../errors/failure-labels';
import { runScope, type RunScope } from '../guards/run-scope';
import type { PreSend } from './pre-send';

/**
 * With Continue On Fail off, the node stops at an item that fails, and n8n reports that item's error alone. The
 * engine has started every item's request at once, so items still waiting (on a key's turn, on the rate gate)
 * would go on writing after the node failed, and no one would hear of it (an e-mail sent by an execution that
 * reported an error). The run remembers its first failed item; a write that has not left yet is not sent.
 */
const stopped = new WeakMap<RunScope, number>();

/** An item of the run failed: with Continue On Fail off, the node stops there. */
export function noteItemFailed(ctx: IExecuteSingleFunctions): void {
	if (ctx.continueOnFail()) return;
	const scope = runScope(ctx);
	if (!stopped.has(scope)) stopped.set(scope, ctx.getItemIndex());
}

/** Refuses a write of a run that stopped at another item (reads go on: they change nothing). */
export function refuseWriteAfterStop(ctx: IExecuteSingleFunctions, method: string | undefined): void {
	if ((method ?? 'GET') === 'GET') return;
	const failed = stopped.get(runScope(ctx));
	if (failed === undefined || failed === ctx.getItemIndex()) return;
	throw new NodeOperationError(ctx.getNode(), `${failureLabel(ctx)}: not sent, item ${failed} of this run failed and the node stops there (Continue On Fail is off); nothing was written for this item`, {
		itemIndex: ctx.getItemIndex(),
	});
}

/** A preSend whose failure stops the run (see noteItemFailed). */
export function stoppingOnFailure(preSend: PreSend): PreSend {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		return await preSend.call(this, options).then(
			(sent) => sent,
			(error: unknown) => {
				noteItemFailed(this);
				return Promise.reject(error);
			},
		);
	};
}
