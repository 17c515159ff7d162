/** A longer delay makes Node's timer fire at once (it overflows a 32-bit integer): about 24.8 days. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether `promise` settles within `ms`: the one timer of a bounded wait on another execution (a key's turn, a
 * sequence's lane), cleared as soon as the promise settles, so a long limit leaves nothing pending behind it.
 */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<false>((resolve) => {
		timer = setTimeout(() => resolve(false), Math.min(Math.max(0, ms), LONGEST_TIMER_MS));
	});
	const inTime = promise.then(
		() => true as const,
		() => true as const,
	);
	try {
		return await Promise.race([inTime, late]);
	} finally {
		clearTimeout(timer);
	}
}
