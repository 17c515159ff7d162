import type { RecordedRequest, Sandbox } from '../../tools/sandbox';

/**
 * Every request the sandbox receives while it runs: the sandbox's own log keeps only the last 1,000, so this
 * copies it often enough (the log's entries are the same objects each time: their status is filled in later).
 * Throws on read if the log moved on past what was copied (a gap).
 */
export class RequestCollector {
	private readonly seen = new Set<RecordedRequest>();
	private readonly entries: RecordedRequest[] = [];
	private timer: NodeJS.Timeout | undefined;
	private gap = false;

	constructor(
		private readonly sandbox: Sandbox,
		private readonly everyMs = 100,
	) {}

	start(): void {
		this.sandbox.clearRequests();
		this.timer = setInterval(() => this.copy(), this.everyMs);
	}

	private copy(): void {
		const log = this.sandbox.requests();
		const last = this.entries.at(-1);
		// the entry copied last is still in the log unless nothing came since, or the log dropped past it
		if (last && log.length > 0 && !this.seen.has(log[0]) && !log.includes(last)) this.gap = true;
		for (const entry of log) {
			if (this.seen.has(entry)) continue;
			this.seen.add(entry);
			this.entries.push(entry);
		}
	}

	stop(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = undefined;
	}

	all(): RecordedRequest[] {
		this.copy();
		if (this.gap) throw new Error('the sandbox request log dropped entries before they were copied: copy more often');
		return this.entries;
	}
}
