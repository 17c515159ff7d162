import { performance } from 'node:perf_hooks';

import type { BusyShare } from './protocol';

interface Sample {
	/** Date.now() */
	at: number;
	/** Event-loop active time since start, ms. */
	active: number;
	/** CPU time (user + system) since start, ms. */
	cpu: number;
}

const INTERVAL_MS = 5;
const MAX_SAMPLES = 250_000;

/** Value of a cumulative series at time `at`, interpolated between the two samples around it. */
export function valueAt(samples: Sample[], at: number, key: 'active' | 'cpu'): number {
	if (samples.length === 0) return 0;
	if (at <= samples[0].at) return samples[0][key];
	let low = 0;
	let high = samples.length - 1;
	if (at >= samples[high].at) return samples[high][key];
	while (high - low > 1) {
		const middle = (low + high) >> 1;
		if (samples[middle].at <= at) low = middle;
		else high = middle;
	}
	const a = samples[low];
	const b = samples[high];
	const span = b.at - a.at;
	return span === 0 ? b[key] : a[key] + ((b[key] - a[key]) * (at - a.at)) / span;
}

/** Samples the process's own event-loop utilisation and CPU time every 5 ms (bounded), to answer busy shares of windows. */
export class BusySampler {
	private readonly samples: Sample[] = [];
	private readonly timer: NodeJS.Timeout;

	constructor() {
		this.sample();
		this.timer = setInterval(() => this.sample(), INTERVAL_MS);
	}

	private sample(): void {
		const cpu = process.cpuUsage();
		this.samples.push({ at: Date.now(), active: performance.eventLoopUtilization().active, cpu: (cpu.user + cpu.system) / 1000 });
		if (this.samples.length > MAX_SAMPLES) this.samples.splice(0, this.samples.length - MAX_SAMPLES / 2);
	}

	share(from: number, to: number): BusyShare {
		this.sample();
		const span = Math.max(1, to - from);
		return {
			eventLoop: (valueAt(this.samples, to, 'active') - valueAt(this.samples, from, 'active')) / span,
			cpu: (valueAt(this.samples, to, 'cpu') - valueAt(this.samples, from, 'cpu')) / span,
		};
	}

	stop(): void {
		clearInterval(this.timer);
	}
}
