import type { IDataObject } from 'n8n-workflow';

import { deferred, type Deferred } from '../path/deferred';
import { sameContent, type Content } from './content-match';

/** How long a later row of a key waits, once the run's looks are over, for the first row's output (its renumber). */
export const ROW_END_WAIT_MS = 10_000;

/** What the first row of a key decided: the document it found, or none yet (it makes one). */
export interface KeyHolder {
	index: number;
	record?: IDataObject;
}

/**
 * The rows of one run that carry a key (a Re-Run Key, or the estimate they come from): one key, one document. The
 * first row of a key finds or makes it; a later row of the same key has that row's document, never a second one.
 * Rows without a key are counted with their multiplicity instead (run-sequence).
 */
export class KeyedRows {
	private readonly holders: Array<{ content: Content; holder: KeyHolder }> = [];

	/** The earlier row of the run with this row's key, if the row has a key. */
	earlier(content: Content): KeyHolder | undefined {
		if (content.key === undefined) return undefined;
		return this.holders.find((entry) => sameContent(entry.content, content))?.holder;
	}

	/** The row decided first for its key: what it found, or nothing (it makes the document). */
	note(content: Content, holder: KeyHolder): void {
		if (content.key !== undefined) this.holders.push({ content, holder });
	}
}

/**
 * A record per row of a run, awaited before it is known, or undefined when the row failed: each row's output once
 * its looks after the writes are over (a later row of the same key outputs the first row's), or what it created.
 */
export class RowEnds {
	private readonly ends = new Map<number, Deferred<IDataObject | undefined>>();

	ended(index: number, output: IDataObject | undefined): void {
		this.entry(index).resolve(output);
	}

	async of(index: number): Promise<IDataObject | undefined> {
		return await this.entry(index).promise;
	}

	private entry(index: number): Deferred<IDataObject | undefined> {
		const end = this.ends.get(index) ?? deferred<IDataObject | undefined>();
		this.ends.set(index, end);
		return end;
	}
}
