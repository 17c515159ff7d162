import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { DATE_CASES, refusedMessage, REPORT_MARKER, type CatalogueReport } from './dates/catalogue';

const root = join(__dirname, '..', '..');

/** Runs the catalogue in a child process whose time zone is `zone`. */
async function runIn(zone: string): Promise<CatalogueReport> {
	const { stdout } = await promisify(execFile)(
		process.execPath,
		// --prefer-ts-exts: `Invoicing.node` must resolve to the .ts file, not the codex Invoicing.node.json
		[join(root, 'node_modules', '.bin', 'ts-node'), '--transpile-only', '--prefer-ts-exts', join(__dirname, 'dates', 'run-catalogue.ts')],
		{ cwd: root, env: { ...process.env, TZ: zone }, maxBuffer: 16 * 1024 * 1024 },
	);
	const line = stdout.split('\n').find((l) => l.startsWith(REPORT_MARKER));
	if (!line) throw new Error(`no report from the child in ${zone}:\n${stdout}`);
	return JSON.parse(line.slice(REPORT_MARKER.length)) as CatalogueReport;
}

const expected = DATE_CASES.map(({ value, workflowZone, sent, refused }) => ({
	value,
	workflowZone,
	sent: sent === undefined ? [] : [sent],
	...(refused === undefined ? {} : { error: refusedMessage(refused) }),
}));

const ZONES: Array<[string, number]> = [
	['UTC', 0],
	['Europe/Berlin', -60],
	['America/New_York', 300],
	['Pacific/Kiritimati', -840],
];

describe(`date catalogue (${DATE_CASES.length} forms) through the engine, the same in every process time zone`, () => {
	// the children start together (each spends most of its time loading n8n-core)
	let reports: Record<string, Promise<CatalogueReport>>;
	beforeAll(() => {
		reports = Object.fromEntries(ZONES.map(([zone]) => [zone, runIn(zone)]));
		for (const report of Object.values(reports)) report.catch(() => undefined);
	});

	test.each(ZONES)('process TZ=%s', async (zone, offsetMinutes) => {
		const report = await reports[zone];
		// the child really ran in that zone
		expect([report.processZone, report.offsetMinutes]).toEqual([zone, offsetMinutes]);
		expect(report.outcomes).toEqual(expected);
	}, 120_000);
});
