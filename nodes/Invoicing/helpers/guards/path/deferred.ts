/** A promise and the function that resolves it, for a value another step gives later. */
export interface Deferred<T> {
	promise: Promise<T>;
	resolve: (value: T) => void;
}

export function deferred<T>(): Deferred<T> {
	let resolve!: (value: T) => void;
	const promise = new Promise<T>((done) => (resolve = done));
	return { promise, resolve };
}
