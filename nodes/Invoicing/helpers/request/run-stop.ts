import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

import { withoutSecrets } from '../../../shared/redact';
import { failureLabel, relabelled } from '../errors/failure-labels';
import { lookAgainFailure } from './read-api';
import { executionMemory } from '../../engine/execution-memory';
import { nodeRunScope } from '../../engine/item-loop';
import type { PreSend } from './pre-send';

/** The node run's items, across its batches (engine/item-loop): n8n stops at the first failed item of them all. */
type NodeRun = { id: number };
let runs = 0;
const nodeRun = (ctx: IExecuteSingleFunctions): NodeRun => nodeRunScope(ctx, () => ({ id: ++runs }));

/**
 * With Continue On Fail off, the node stops at an item that fails, and n8n reports that item's error alone. The
 * engine has started every item's request at once (or its batch, later), so items still waiting (on a key's turn,
 * on the rate gate, on their batch) would go on writing after the node failed, and no one would hear of it (an
 * e-mail sent by an execution that reported an error). The run remembers its first failed item; a write that has
 * not left yet is not sent.
 */
const stopped = new WeakMap<NodeRun, number>();

/** An error as n8n shows it: its description is read when the node fails, once every item has settled. */
type ShownError = Error & { description?: string | null };

/**
 * n8n shows the error of the first failed item (in item order) once every item has settled. A twin payment or
 * e-mail that another item reported (made, and made again by another process at the same moment: a person must
 * act) would vanish behind it, so every failed item's error also tells of the twins the other items reported.
 */
interface RunReports {
	failed: Map<Error, Failure>;
	twins: Array<{ item: number; report: string }>;
}

const reports = new WeakMap<NodeRun, RunReports>();

function reportsOf(scope: NodeRun): RunReports {
	const known = reports.get(scope);
	if (known) return known;
	const made: RunReports = { failed: new Map(), twins: [] };
	reports.set(scope, made);
	return made;
}

interface Failure {
	item: number;
	error: ShownError;
	own: string | null | undefined;
}

/**
 * The failure's error as n8n will show it: its own description, then the twins the run's other items reported,
 * then the copies earlier tries of the node left (see noteCopyLeft).
 */
function tellTwins({ item, error, own }: Failure, twins: RunReports['twins'], earlier: string[]): void {
	const others = twins.filter((twin) => twin.item !== item).map((twin) => twin.report);
	const told = [
		...(others.length > 0 ? [`Meanwhile in this run, which stops at this item: ${others.join('; ')}`] : []),
		...(earlier.length > 0 ? [`Earlier tries of this node in this execution: ${earlier.join('; ')}`] : []),
	];
	if (told.length === 0) return;
	error.description = [own, ...told].filter(Boolean).join('\n\n');
}

/**
 * A copy this item made and could neither fix nor delete (a number given twice: number-check), told as a twin is.
 * Retry On Fail runs the node again in the same execution, and n8n then shows the last try's error alone: every
 * failure of a later try tells of the copy too, until a try removes it (forgetCopyLeft). Kept with the execution.
 */
const LEFT_REPORTS = 'invoicingLeftReports';
const leftReports = (ctx: IExecuteSingleFunctions) => executionMemory<Record<string, { report: string; run: number }>>(ctx, LEFT_REPORTS);

export function noteCopyLeft(ctx: IExecuteSingleFunctions, report: string, key = String(ctx.getItemIndex())): void {
	if (!ctx.continueOnFail()) leftReports(ctx)[key] = { report: `${failureLabel(ctx)}: ${report}`, run: nodeRun(ctx).id };
	noteTwinReport(ctx, report);
}

export function forgetCopyLeft(ctx: IExecuteSingleFunctions): void {
	delete leftReports(ctx)[String(ctx.getItemIndex())];
}

/** What earlier tries of the node left, as they reported it. */
const leftEarlier = (ctx: IExecuteSingleFunctions, run: NodeRun): string[] =>
	Object.values(leftReports(ctx))
		.filter((left) => left.run !== run.id)
		.map((left) => left.report);

/** An item of the run failed with `error`: with Continue On Fail off, the node stops there. */
export function noteItemFailed(ctx: IExecuteSingleFunctions, error: unknown): void {
	if (ctx.continueOnFail()) return;
	const scope = nodeRun(ctx);
	if (!stopped.has(scope)) stopped.set(scope, ctx.getItemIndex());
	if (!(error instanceof Error)) return;
	const run = reportsOf(scope);
	if (run.failed.has(error)) return;
	const failure: Failure = { item: ctx.getItemIndex(), error, own: (error as ShownError).description };
	run.failed.set(error, failure);
	tellTwins(failure, run.twins, leftEarlier(ctx, scope));
}

/** A twin payment or e-mail this item reports (see RunReports): with Continue On Fail off, the shown error tells of it. */
export function noteTwinReport(ctx: IExecuteSingleFunctions, report: string): void {
	if (ctx.continueOnFail()) return;
	const scope = nodeRun(ctx);
	const run = reportsOf(scope);
	run.twins.push({ item: ctx.getItemIndex(), report: `${failureLabel(ctx)}: ${report}` });
	const earlier = leftEarlier(ctx, scope);
	for (const failure of run.failed.values()) tellTwins(failure, run.twins, earlier);
}

/**
 * A document this item created whose look for a twin failed (a read turned away by the rate gate, a time-out): a
 * copy another execution made at the same moment may stay, unseen. The item's own error says so; with Continue On
 * Fail off, n8n may show another item's error, so the run's shown error tells of it too.
 * Returns the failure to throw: a copy whose description names what was made.
 */
function noteTwinUnchecked(ctx: IExecuteSingleFunctions, made: string, failure: unknown): unknown {
	// a later try's failure tells it too: it is what this try did, whatever the next one meets
	noteCopyLeft(ctx, `${made} was created, but looking again for a copy another execution made at the same moment failed ${lookAgainFailure(ctx, failure)}`, `unchecked\u0000${ctx.getItemIndex()}`);
	if (typeof failure !== 'object' || failure === null) return failure;
	// the item's own error names what it made too (a copy: a read shared by the run's items fails them all)
	const told = relabelled(ctx, failure, failureLabel(ctx));
	told.description = [told.description, `${made} was created, but looking again for a copy another execution made at the same moment failed: check the service for a second one with its number or key.`]
		.filter(Boolean)
		.join('\n\n');
	return told;
}

/** The catch of a look after a create: the failure told as noteTwinUnchecked tells it (`made`: the document as it is then), and thrown. */
export const rejectUnchecked =
	(ctx: IExecuteSingleFunctions, made: () => string) =>
	(failure: unknown): Promise<never> =>
		Promise.reject(noteTwinUnchecked(ctx, made(), failure));

/** Refuses a write of a run that stopped at another item (reads go on: they change nothing). */
export function refuseWriteAfterStop(ctx: IExecuteSingleFunctions, method: string | undefined): void {
	// every routed request joins its node run, a read too: a run all of whose items joined is closed to a retry's
	const failed = stopped.get(nodeRun(ctx));
	if ((method ?? 'GET') === 'GET' || failed === undefined || failed === ctx.getItemIndex()) return;
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
				noteItemFailed(this, withoutSecrets(error));
				return Promise.reject(error);
			},
		);
	};
}
