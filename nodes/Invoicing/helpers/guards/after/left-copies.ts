import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { executionMemory } from '../../../engine/execution-memory';
import { inputError } from '../../errors/item-errors';
import { deleteFailure } from './converge-create';
import type { GuardedResource } from '../keys/matching';

/**
 * A copy of a Next in Sequence row that had a number another document also has, which this execution could
 * neither renumber nor delete (both refused: a 429 asking to wait longer than the time-out allows). The item
 * failed naming it; Retry On Fail then runs the node again, which makes the row anew, and the copy would stay
 * with its number given twice (seed 915 path 9478). The retry deletes it (never output: nothing was sent on it).
 */
interface LeftCopy {
	resource: GuardedResource;
	id: string;
	number: string;
}

const LEFT = 'invoicingLeftCopies';

const leftCopies = (ctx: IExecuteSingleFunctions) => executionMemory<Record<string, LeftCopy>>(ctx, LEFT);

export function rememberLeftCopy(ctx: IExecuteSingleFunctions, copy: LeftCopy): void {
	leftCopies(ctx)[String(ctx.getItemIndex())] = copy;
}

/** A copy an earlier try of this item left: deleted now (its id returned), or the item fails naming it again. */
export async function removeLeftCopy(ctx: IExecuteSingleFunctions, madeNow: string): Promise<string | undefined> {
	const memory = leftCopies(ctx);
	const left = memory[String(ctx.getItemIndex())];
	if (!left) return undefined;
	const failure = await deleteFailure(ctx, `/${left.resource}/${encodeURIComponent(left.id)}`);
	// a 404: someone deleted it since (as the earlier try's error asked)
	if (failure === undefined || failure.startsWith('HTTP 404')) {
		delete memory[String(ctx.getItemIndex())];
		return left.id;
	}
	throw inputError(
		ctx,
		`this try created the ${left.resource} (id ${madeNow}); an earlier try left a copy with the number "${left.number}" (id ${left.id}), which another ${left.resource} also has, and deleting it failed again: ${failure}`,
		`Delete the ${left.resource} with id ${left.id} in the service: it was never output.`,
	);
}
