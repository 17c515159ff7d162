import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The heap in use after full garbage collections (V8's gc, reached without starting node with --expose-gc). */
export function heapAfterGc(): number {
	setFlagsFromString('--expose-gc');
	const gc = runInNewContext('gc') as () => void;
	for (let i = 0; i < 3; i++) gc();
	return process.memoryUsage().heapUsed;
}
