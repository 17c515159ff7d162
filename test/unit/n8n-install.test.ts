/** The real-n8n harness's install plan: one cache folder per version, the 1.x override, progress while it installs. */
import { join } from 'node:path';

import { CACHE_ROOT, COMPAT_N8N_VERSIONS, DEFAULT_N8N_VERSION, n8nInstall } from '../../tools/scripts/n8n/config';
import { withTicker } from '../../tools/scripts/n8n/progress';

describe('n8n versions the tests install', () => {
	test('the pinned 2.40.7 and, for the compatibility step, the newest 1.x and 2.41.1', () => {
		expect([DEFAULT_N8N_VERSION, ...COMPAT_N8N_VERSIONS]).toEqual(['2.40.7', '1.123.81', '2.41.1']);
	});

	test('each version in its own cache folder outside the repository', () => {
		expect(n8nInstall('1.123.81')).toMatchObject({
			major: 1,
			dir: join(CACHE_ROOT, 'n8n-1.123.81'),
			bin: join(CACHE_ROOT, 'n8n-1.123.81', 'node_modules', 'n8n', 'bin', 'n8n'),
			readyMarker: join(CACHE_ROOT, 'n8n-1.123.81', '.ready'),
		});
		expect(n8nInstall('2.41.1').dir).toBe(join(CACHE_ROOT, 'n8n-2.41.1'));
	});

	test("1.x gets the registry's xlsx in place of its off-registry tarball; 2.x installs as published", () => {
		expect(n8nInstall('1.123.81').overrides).toEqual({ xlsx: '0.18.5' });
		expect(n8nInstall('2.40.7').overrides).toEqual({});
		expect(n8nInstall('2.41.1').overrides).toEqual({});
	});
});

describe('progress while a long step runs', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	test('a line every 15 s until the step ends, none after', async () => {
		const lines: string[] = [];
		const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
		let finish: () => void = () => undefined;
		const step = withTicker('installing n8n 9.9.9', () => new Promise<void>((resolve) => (finish = resolve)));
		jest.advanceTimersByTime(46_000);
		finish();
		await step;
		jest.advanceTimersByTime(60_000);
		log.mockRestore();
		expect(lines).toEqual(['[n8n setup] ... installing n8n 9.9.9: 15 s', '[n8n setup] ... installing n8n 9.9.9: 30 s', '[n8n setup] ... installing n8n 9.9.9: 45 s']);
	});
});
