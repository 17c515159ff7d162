/** How many requests of each kind (`GET /client/{id}`) a service received in a window, from its own clock. */

export type RequestKinds = Record<string, number>;

const MAX_ENTRIES = 500_000;

/** `GET /client/{id}`: the method and the path without the API's `/v1`, its record id (the service's ids are digits) as `{id}`. */
export function requestKind(method: string, path: string): string {
	return `${method} ${path.replace(/^\/v1(?=\/)/, '').replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
}

/** Every request's kind and arrival time, bounded (a bench run sends tens of thousands, not half a million). */
export class RequestTally {
	private readonly kinds: string[] = [];
	private readonly times: number[] = [];
	private overflowed = false;

	add(kind: string, at: number): void {
		if (this.kinds.length >= MAX_ENTRIES) {
			this.overflowed = true;
			return;
		}
		this.kinds.push(kind);
		this.times.push(at);
	}

	/** The kinds received from `from` to `to` (epoch ms, both included). */
	within(from: number, to: number): RequestKinds {
		if (this.overflowed) throw new Error(`the request tally is full (${MAX_ENTRIES} requests): counts would be short`);
		const counts: RequestKinds = {};
		for (let index = 0; index < this.times.length; index++) {
			const at = this.times[index];
			if (at >= from && at <= to) counts[this.kinds[index]] = (counts[this.kinds[index]] ?? 0) + 1;
		}
		return counts;
	}
}
