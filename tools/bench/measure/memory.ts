import { readFileSync } from 'node:fs';

export interface MemorySample {
	at: number;
	rssKb: number;
}

/** VmRSS and VmHWM (kB) from /proc/<pid>/status; null once the process is gone. */
export function readStatus(pid: number): { rssKb: number; hwmKb: number } | null {
	try {
		const text = readFileSync(`/proc/${pid}/status`, 'utf8');
		const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
		return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
	} catch {
		return null;
	}
}

/** Samples a process's resident memory every 50 ms while it runs; keeps the last VmHWM it saw. */
export class MemorySampler {
	readonly samples: MemorySample[] = [];
	hwmKb = 0;
	private timer: NodeJS.Timeout | undefined;

	start(pid: number): void {
		const sample = () => {
			const status = readStatus(pid);
			if (!status) return;
			this.samples.push({ at: Date.now(), rssKb: status.rssKb });
			this.hwmKb = Math.max(this.hwmKb, status.hwmKb);
		};
		sample();
		this.timer = setInterval(sample, 50);
	}

	stop(): void {
		if (this.timer) clearInterval(this.timer);
	}

	/** Highest sampled RSS within [from, to]. */
	peakWithin(from: number, to: number): number {
		return this.samples.filter((s) => s.at >= from && s.at <= to).reduce((max, s) => Math.max(max, s.rssKb), 0);
	}
}
