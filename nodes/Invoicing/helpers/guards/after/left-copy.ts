import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { isApiSuccess } from '../../../../shared/api-errors';
import { recordFromAnswer } from '../../../../shared/api-answers';
import { failedAnswer } from '../../../../shared/api-request';
import { executionMemory } from '../../../engine/execution-memory';
import { SPEC_OF } from '../../../resources/resources';
import { failureLabel } from '../../errors/failure-labels';
import { inputError } from '../../errors/item-errors';
import { deleteFailure, sendHelperRequest } from '../../request/helper-request';
import { forgetCopyLeft, noteCopyLeft } from '../../request/run-stop';
import { changedFields, type GuardedResource, writtenValues } from '../keys/matching';
import { bothKept } from './both-kept';

/**
 * A copy of a Next in Sequence row that had a number another document also has, which this execution could
 * neither renumber nor delete (both refused: a 429 asking to wait longer than the time-out allows). The item
 * failed naming it; Retry On Fail then runs the node again, which makes the row anew, and the copy would stay
 * with its number given twice. The retry reads it and deletes it (never output: nothing was
 * sent on it) when it still holds what it held then; one changed since (someone acted on the error) is kept.
 */
export interface LeftCopy {
	resource: GuardedResource;
	id: string;
	number: string;
	/** What it held when it was left (writtenValues). */
	values: Record<string, string>;
}

const LEFT = 'invoicingLeftCopies';

const leftCopies = (ctx: IExecuteSingleFunctions) => executionMemory<Record<string, LeftCopy>>(ctx, LEFT);

/** The copy left, and what the item reported of it (told by every later failure of the node: run-stop). */
export function rememberLeftCopy(ctx: IExecuteSingleFunctions, copy: LeftCopy, report: string): void {
	leftCopies(ctx)[String(ctx.getItemIndex())] = copy;
	noteCopyLeft(ctx, report);
}

/** A copy an earlier try of this item left: deleted now (its id returned), or the item fails naming it again. */
export async function removeLeftCopy(ctx: IExecuteSingleFunctions, made: IDataObject): Promise<string | undefined> {
	const memory = leftCopies(ctx);
	const left = memory[String(ctx.getItemIndex())];
	if (!left) return undefined;
	const url = `/${left.resource}/${encodeURIComponent(left.id)}`;
	const now = await readIfThere(ctx, left.resource, url);
	// gone: someone deleted it since (as the earlier try's error asked)
	const changed = now === undefined ? [] : changedFields(left.values, writtenValues(left.resource, now));
	if (now !== undefined && changed.length > 0) {
		delete memory[String(ctx.getItemIndex())];
		forgetCopyLeft(ctx);
		throw bothKept(ctx, left.resource, [{ ...now, id: left.id }, made], `an earlier try left the first (its number was given twice), which changed since (${changed.join(', ')}), and this try created the other`);
	}
	const failure = now === undefined ? undefined : await deleteFailure(ctx, url);
	if (failure === undefined || failure.startsWith('HTTP 404')) {
		delete memory[String(ctx.getItemIndex())];
		forgetCopyLeft(ctx);
		return left.id;
	}
	throw inputError(
		ctx,
		`this try created the ${left.resource} (id ${String(made.id)}); an earlier try left a copy with the number "${left.number}" (id ${left.id}), which another ${left.resource} also has, and deleting it failed again: ${failure}`,
		`Delete the ${left.resource} with id ${left.id} in the service: it was never output.`,
	);
}

/** The record at `url` as the service has it now, or undefined when it answers 404 (deleted). */
async function readIfThere(ctx: IExecuteSingleFunctions, resource: GuardedResource, url: string): Promise<IDataObject | undefined> {
	const action = `${failureLabel(ctx)}, reading ${url} (a copy an earlier try left) before deleting it,`;
	const answer = await sendHelperRequest(ctx, { method: 'GET', url, action });
	if (answer.statusCode === 404) return undefined;
	if (!isApiSuccess(answer.statusCode, answer.body)) throw failedAnswer(ctx, { method: 'GET', url, action, itemIndex: ctx.getItemIndex() }, answer);
	return recordFromAnswer(SPEC_OF, resource, answer.body);
}
