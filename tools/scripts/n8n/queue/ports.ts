import { createConnection } from 'node:net';

/** Sends `request` to a loopback port and resolves with the first reply (or rejects), within `timeoutMs`. */
export async function ask(port: number, request: string, timeoutMs = 2000): Promise<string> {
	return await new Promise((resolve, reject) => {
		const socket = createConnection({ host: '127.0.0.1', port });
		const timer = setTimeout(() => (socket.destroy(), reject(new Error(`no reply on port ${port}`))), timeoutMs);
		socket.once('error', (error) => (clearTimeout(timer), reject(error)));
		socket.once('connect', () => socket.write(request));
		socket.once('data', (chunk: Buffer) => {
			clearTimeout(timer);
			socket.destroy();
			resolve(chunk.toString());
		});
	});
}

/** Polls `probe` every `everyMs` until it yields a value, or throws after `timeoutMs` with `describe()` appended. */
export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>, describe = () => '', everyMs = 1000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const value = await probe().catch(() => undefined);
		if (value !== undefined) return value;
		await new Promise((resolve) => setTimeout(resolve, everyMs));
	}
	throw new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}.\n${describe()}`);
}
