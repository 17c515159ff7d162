import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Timers live in one place: nodes/shared/timers.ts is the only file of the nodes that starts one (n8n-workflow's
 * `sleep`, `setTimeout`, `setInterval`); every pause, poll and wait limit goes through it.
 */
const ROOT = join(__dirname, '..', '..');
const TIMERS = join(ROOT, 'nodes', 'shared', 'timers.ts');

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

const startsATimer = /\b(sleep|sleepWithAbort|setTimeout|setInterval|setImmediate)\s*\(|import\s*\{[^}]*\bsleep\b[^}]*\}\s*from\s*'n8n-workflow'/;

describe('timers', () => {
	test('no file of the nodes but shared/timers.ts starts a timer', () => {
		const files = sources(join(ROOT, 'nodes')).filter((file) => file !== TIMERS);
		expect(files.length).toBeGreaterThan(50);
		const found = files.flatMap((file) =>
			readFileSync(file, 'utf8')
				.split('\n')
				.flatMap((line, index) => (startsATimer.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
		);
		expect(found).toEqual([]);
	});

	test('the check sees the forms it refuses', () => {
		expect(["import { sleep, type IDataObject } from 'n8n-workflow';", 'await sleep(10);', 'setTimeout(done, 5)', 'setInterval(tick, 1000)'].every((line) => startsATimer.test(line))).toBe(true);
		expect(['await pause(10);', "import { pause } from '../shared/timers';", 'const asleep = true;'].some((line) => startsATimer.test(line))).toBe(false);
		expect(startsATimer.test(readFileSync(TIMERS, 'utf8'))).toBe(true);
	});
});
