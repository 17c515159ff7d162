import type { IDataObject } from 'n8n-workflow';

import { pause } from '../../../../shared/timers';
import { deferred } from '../path/deferred';
import { ROW_END_WAIT_MS, RowEnds } from '../keys/keyed-rows';

/** How long the lane waits for a run's read after its writes to start (it starts in the same tick, see `over`). */
const AFTER_READ_START_MS = 50;

/**
 * The end of one run of a sequence (run-sequence): its one read after the writes, the rows' twin looks, and when
 * the lane's next run may decide.
 */
export class RunEnd {
	/** Each row's output once its looks after the writes are over (see row-end). */
	readonly ends = new RowEnds();

	private readonly looks = new Set<Promise<unknown>>();
	private afterReadStarted = false;
	private readonly afterReadOver = deferred<void>();

	constructor(
		/** Resolves once every item's request has its answer. */
		private readonly allSettled: Promise<void>,
		/** Whether the run made documents (then the next run waits for its read after them). */
		private readonly madeAny: () => boolean,
		/** The list read after the writes, for the lane's next run. */
		private readonly noteList: (list: IDataObject[], at: number) => void,
	) {}

	/** A row's twin look (number-check): the lane's next run decides once it is over, and sees which document the row has. */
	async look<T>(work: () => Promise<T>): Promise<T> {
		const looking = work();
		this.looks.add(looking);
		try {
			return await looking;
		} finally {
			this.looks.delete(looking);
		}
	}

	/**
	 * The run's one read of its list once every write has its answer (shared by its rows' twin looks and number
	 * checks, see number-check). The lane's next run waits for it and is served it (see `over`).
	 */
	async afterWrites(read: () => Promise<IDataObject[]>): Promise<IDataObject[]> {
		this.afterReadStarted = true;
		const at = Date.now();
		try {
			const list = await read();
			this.noteList(list, at);
			return list;
		} finally {
			this.afterReadOver.resolve();
		}
	}

	/**
	 * When the lane's next run may decide: once every write has its answer, and, when the run made documents, once
	 * its read after them is over, so that the next run is served that read instead of making its own (runs at
	 * once: one list read each). That read starts at once after the last answer (the rows' post-receive); when it
	 * has not started within a moment (the rows failed before it), the lane goes on without it.
	 */
	async over(): Promise<void> {
		await this.allSettled;
		if (!this.madeAny()) return;
		await Promise.race([
			this.afterReadOver.promise,
			pause(AFTER_READ_START_MS).then(async () => (this.afterReadStarted ? await this.afterReadOver.promise : undefined)),
		]);
		// a later batch of the execution would otherwise take the twin's document a row of this run is handed
		while (this.looks.size > 0) await Promise.allSettled([...this.looks]);
	}

	/** The output of an earlier row once its looks are over; undefined when it ended without one, or past the run's end and a wait. */
	async outputOf(earlier: number): Promise<IDataObject | undefined> {
		return await Promise.race([this.ends.of(earlier), this.over().then(async () => await pause(ROW_END_WAIT_MS).then(() => undefined))]);
	}
}
