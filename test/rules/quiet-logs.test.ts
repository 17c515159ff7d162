/**
 * The fast suite's console: what n8n logs during a passing test stays out of it; a failing test's log is printed.
 * Runs jest with the fast suite's config on a probe file (test/setup/fixtures) once passing, once failing.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function runProbe(fail: boolean) {
	const jest = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
	const result = spawnSync(process.execPath, [jest, '-c', 'jest.config.js', '--testMatch', '**/test/setup/fixtures/log-probe.fixture.ts', '--testPathIgnorePatterns', '/node_modules/'], {
		cwd: ROOT,
		encoding: 'utf8',
		env: { ...process.env, LOG_PROBE_FAIL: fail ? '1' : '0', FORCE_COLOR: '0' },
	});
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('a passing test prints nothing of what n8n logged', () => {
	const { status, output } = runProbe(false);
	expect(status).toBe(0);
	expect(output).toContain('1 passed');
	expect(output).not.toContain('log-probe: an error line n8n logged');
}, 60000);

test("a failing test's n8n log is printed with its name", () => {
	const { status, output } = runProbe(true);
	expect(status).toBe(1);
	expect(output).toContain('--- n8n\'s log during the failing test "log probe" (1 lines) ---');
	expect(output).toContain('[error] log-probe: an error line n8n logged');
}, 60000);
