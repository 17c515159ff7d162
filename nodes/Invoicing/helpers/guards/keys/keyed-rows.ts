import type { IDataObject } from 'n8n-workflow';

import { sameContent, type Content } from './content-match';

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
