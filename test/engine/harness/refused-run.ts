/**
 * n8n checks a node's parameters before the run, a By ID pattern in a vm with a 250 ms wall-clock limit: on starved
 * cores it refuses the run as a whole, before any request (docs/guarantees.md). The user sees a failed execution and
 * runs it again; so does a test that is about something else.
 */
export const REGEX_TIMED_OUT = 'Regular expression execution timed out';

/** What a run gave: its output items, and the error that stopped it. */
interface RunOutcome {
	items: unknown[];
	error?: { message: string };
}

/** The run was refused before it started: no item, that error. */
export const isRefused = (result: RunOutcome): boolean => result.items.length === 0 && result.error?.message === REGEX_TIMED_OUT;

/** Runs again, at most `tries` times in all, while n8n refuses the run before it starts; the last result. */
export async function runUntilAccepted<R extends RunOutcome>(run: () => Promise<R>, tries = 4): Promise<R> {
	let result = await run();
	for (let again = 1; again < tries && isRefused(result); again++) result = await run();
	return result;
}
