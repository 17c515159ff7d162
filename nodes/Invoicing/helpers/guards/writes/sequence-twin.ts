import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { listedMatch, sameContent, type Content } from '../keys/content-match';
import { byMaking, createdBefore, firstMadeStay } from '../keys/created-order';
import { storedNumber } from '../keys/number-pattern';
import type { RunSequence } from './run-sequence';

/**
 * The document another process made at the same moment for this row (its twin: an execution of the same rows
 * in another queue worker), when it was made before this row's `record`: then this row's copy goes and the row
 * has that one. The others are the documents of the row's content that appeared while the run wrote (not in the
 * list its rows were decided on) and that no unanswered write of this process may have made. Of this run's and
 * the others' documents of one content, the first made stay (see firstMadeStay), as many as the run has new
 * rows of it and the execution's other batches have rows of it still without a document (rowsElsewhere);
 * a row whose content is its run's only one keeps its copy unless another was made before it,
 * and then has the first made (an owner never deletes the first made, so a deleted twin never misleads the
 * other). A document another batch's row of the execution has is none of the others. A row made for Create
 * Anyway has no twin.
 */
export async function twinOf(run: RunSequence, index: number, record: IDataObject, fresh: IDataObject[]): Promise<IDataObject | undefined> {
	const row = run.rows.get(index);
	if (!row || !row.matchable) return undefined;
	const content = row.content;
	const mine = [...run.made].filter(([other]) => contentOf(run, other, content)).map(([, made]) => made).sort(byMaking);
	const ownIds = new Set([...run.made.values()].map((made) => String(made.id)));
	const held = heldElsewhere(run, row.ctx);
	const appeared = fresh.filter(
		(other) =>
			!run.seen.has(String(other.id)) &&
			!ownIds.has(String(other.id)) &&
			!held.has(String(other.id)) &&
			!run.lane.unansweredWith(storedNumber(run.resource, other), run.startedAt) &&
			listedMatch(run.resource, run.pattern, content, other),
	);
	const others: IDataObject[] = [];
	for (const other of appeared.sort(byMaking)) if (await run.documents.sameItemsIfThere(row, content, other)) others.push(other);
	if (others.length === 0) return undefined;
	// one key, one document: a later row of the key has the first's (keyed-rows)
	const rows = content.key ? 1 : [...run.newRows].filter((other) => contentOf(run, other, content)).length + (await rowsElsewhere(run, row.ctx, content));
	const partner = others.length <= rows ? firstMadeStay(mine, others, rows, record) : mine.length === 1 ? others[0] : undefined;
	return partner && createdBefore(partner, record) ? partner : undefined;
}

/**
 * The execution's rows of the content in its other batches (Request Options > Batching) that have no document
 * yet: later batches', and earlier ones' that failed. The twin in another process makes its documents in its
 * own batches, so a batch counting only its own rows kept copies beyond the execution's rows.
 * A row of another batch that has its document holds it: that one is not this batch's to give.
 */
async function rowsElsewhere(run: RunSequence, ctx: IExecuteSingleFunctions, content: Content): Promise<number> {
	const claimed = run.claims(ctx);
	const rows = await run.execution.rowsOf(ctx, content);
	return rows.filter((index) => !run.members.has(index) && claimed[index] === undefined).length;
}

/**
 * The documents the execution's rows of its other batches have (made, found, or named by a refused row): never a
 * twin copy of this batch's rows. Counted among the others, they outnumbered the rows and both copies stayed.
 */
function heldElsewhere(run: RunSequence, ctx: IExecuteSingleFunctions): Set<string> {
	return new Set(
		Object.entries(run.claims(ctx))
			.filter(([index]) => !run.members.has(Number(index)))
			.map(([, id]) => id),
	);
}

function contentOf(run: RunSequence, index: number, content: Content): boolean {
	const row = run.rows.get(index);
	return row !== null && row !== undefined && sameContent(row.content, content);
}
