import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { linesMatching, nodeSources, ROOT } from './node-sources';

/**
 * Timers live in one place: nodes/shared/timers.ts is the only file of the nodes that starts one (n8n-workflow's
 * `sleep`, `setTimeout`, `setInterval`); every pause, poll and wait limit goes through it.
 */
const TIMERS = join(ROOT, 'nodes', 'shared', 'timers.ts');


const startsATimer = /\b(sleep|sleepWithAbort|setTimeout|setInterval|setImmediate)\s*\(|import\s*\{[^}]*\bsleep\b[^}]*\}\s*from\s*'n8n-workflow'/;

describe('timers', () => {
	test('no file of the nodes but shared/timers.ts starts a timer', () => {
		const files = nodeSources().filter((file) => file !== TIMERS);
		expect(files.length).toBeGreaterThan(50);
		expect(linesMatching(files, startsATimer)).toEqual([]);
	});

	test('the check sees the forms it refuses', () => {
		expect(["import { sleep, type IDataObject } from 'n8n-workflow';", 'await sleep(10);', 'setTimeout(done, 5)', 'setInterval(tick, 1000)'].every((line) => startsATimer.test(line))).toBe(true);
		expect(['await pause(10);', "import { pause } from '../shared/timers';", 'const asleep = true;'].some((line) => startsATimer.test(line))).toBe(false);
		expect(startsATimer.test(readFileSync(TIMERS, 'utf8'))).toBe(true);
	});
});
