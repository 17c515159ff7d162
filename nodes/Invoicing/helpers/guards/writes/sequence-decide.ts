import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { KeyedRows } from '../keys/keyed-rows';
import type { SequenceDocuments } from '../looks/sequence-documents';
import type { Row } from './sequence-row';

/** What deciding a run's rows reads of the run (run-sequence). */
export interface DecidingRun {
	readonly rows: ReadonlyMap<number, Row | null>;
	readonly members: ReadonlySet<number>;
	readonly documents: SequenceDocuments;
	claims(ctx: IExecuteSingleFunctions): Record<string, string>;
}

/**
 * The rows in item order, on the run's list: a row of a key an earlier row has shares that row's document; else a
 * document of the list that is the row's and not taken by an earlier row (nor held by another batch's row); else
 * the next number (`giveNumber`).
 */
export async function decideInItemOrder(run: DecidingRun, giveNumber: (index: number) => string): Promise<void> {
	// documents the execution's other rows already have (earlier batches of this run; a retry finds its own again)
	const firstRow = [...run.rows.values()].find((row): row is Row => row !== null);
	const claimed = firstRow ? run.claims(firstRow.ctx) : {};
	const ownedElsewhere = (index: number) => new Set(Object.entries(claimed).filter(([other]) => Number(other) !== index).map(([, id]) => id));
	const taken = new Set<string>();
	const keyed = new KeyedRows();
	run.documents.prefetch([...run.rows.values()].filter((row): row is Row => row !== null && row.matchable));
	for (const index of [...run.members].sort((a, b) => a - b)) {
		const row = run.rows.get(index);
		if (!row) continue;
		try {
			const holder = row.matchable ? keyed.earlier(row.content) : undefined;
			if (holder) {
				row.resolve(holder.record ? { kind: 'existing', record: holder.record } : { kind: 'sameKeyAs', index: holder.index });
				continue;
			}
			// a key's document is the key's, whichever row of the execution had it before
			const notMine = row.content.key ? new Set<string>() : new Set([...taken, ...ownedElsewhere(index)]);
			const listed = row.matchable ? await run.documents.match(row, row.content, notMine) : undefined;
			if (listed) {
				taken.add(String(listed.id));
				claimed[index] = String(listed.id);
				keyed.note(row.content, { index, record: listed });
				row.resolve({ kind: 'existing', record: listed });
			} else {
				const number = giveNumber(index);
				if (row.matchable) keyed.note(row.content, { index });
				row.resolve({ kind: 'new', number });
			}
		} catch (error) {
			row.fail(error);
		}
	}
}
