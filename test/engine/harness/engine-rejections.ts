/**
 * n8n's routing engine starts each item's request inside its item loop and takes the promises with
 * Promise.allSettled only after the loop, which awaits between items (the Batching interval, per-item set-up): an
 * item failing meanwhile rejects before anything handles it, and is handled a moment later (n8n's own process logs
 * it and goes on). Jest would fail the test on such a rejection, so while the scenarios run, the node's own errors
 * (NodeApiError, NodeOperationError) are left to the engine; any other unhandled rejection still fails the test.
 */
export async function withEngineRejectionsHandled<T>(run: () => Promise<T>): Promise<T> {
	const host = (globalThis as { __hostProcess?: NodeJS.Process }).__hostProcess ?? process;
	const jestListeners = host.listeners('unhandledRejection');
	const strays: unknown[] = [];
	host.removeAllListeners('unhandledRejection');
	host.on('unhandledRejection', (reason) => {
		const name = reason instanceof Error || (typeof reason === 'object' && reason !== null) ? (reason as object).constructor.name : '';
		if (name !== 'NodeApiError' && name !== 'NodeOperationError') strays.push(reason);
	});
	try {
		const result = await run();
		if (strays.length > 0) throw new Error(`Unhandled rejections that are not the node's errors: ${strays.map(String).join('; ')}`);
		return result;
	} finally {
		host.removeAllListeners('unhandledRejection');
		for (const listener of jestListeners) host.on('unhandledRejection', listener);
	}
}
