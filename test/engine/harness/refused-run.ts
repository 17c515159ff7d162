import type { NodeRunResult } from './run-node';

/**
 * n8n checks a node's parameters before the run, a By ID pattern in a vm with a 250 ms wall-clock limit: on starved
 * cores it refuses the run as a whole, before any request (docs/scaling.md). The user sees a failed execution and
 * runs it again; so does a test that is about something else.
 */
export const REGEX_TIMED_OUT = 'Regular expression execution timed out';

/** The run was refused before it started: no item, that error. */
export const isRefused = (result: NodeRunResult): boolean => result.items.length === 0 && result.error?.message === REGEX_TIMED_OUT;

/** Runs again, at most `tries` times in all, while n8n refuses the run before it starts; the last result. */
export async function runUntilAccepted(run: () => Promise<NodeRunResult>, tries = 4): Promise<NodeRunResult> {
	let result = await run();
	for (let again = 1; again < tries && isRefused(result); again++) result = await run();
	return result;
}
