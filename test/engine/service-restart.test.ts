import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INodeExecutionData } from 'n8n-workflow';

import type { BookData } from '../../tools/sandbox';
import { runNode } from './harness/run-node';
import { compileSandbox, startSandboxProcess } from './harness/sandbox-process';

/**
 * The service restarting in the middle of a run (issue 23): the sandbox, persisting to its data file, is killed
 * (SIGKILL) once a third of 1,000 Create Client writes are in the file, and started again on the same port from
 * that file, while the node's items are still being sent. Connections in flight are dropped, later ones refused
 * until the new process listens.
 */
const ITEMS = 1000;
const KILL_AT = 300;
const rows = Array.from({ length: ITEMS }, (_, i) => ({ name: `Client ${i + 1}`, email: `client${i + 1}@example.com` }));
/** A bound against a hang, not a speed check (n8n's engine alone takes ~10 s of CPU per 1,000 items). */
const LIMIT_MS = 600_000;

let sandboxJs: ReturnType<typeof compileSandbox>;
let dir: string;
let dataFile: string;
let service: ChildProcess | undefined;

/** One sandbox process on `port` (0: any), persisting to the data file; resolves with its API URL. */
function startService(port: number): Promise<string> {
	const started = startSandboxProcess(sandboxJs.cli, ['--port', String(port), '--deterministic', '--data', dataFile]);
	service = started.process;
	return started.url;
}

/** The clients in the data file, or undefined while there is none (or it cannot be read). */
function clientsOnDisk(): number | undefined {
	try {
		return (JSON.parse(readFileSync(dataFile, 'utf8')) as BookData).clients.length;
	} catch {
		return undefined;
	}
}

/** Kills the service once `count` clients are on disk, then starts it again on the same port; resolves when it listens. */
async function restartAt(count: number, port: number, running: Promise<unknown>): Promise<{ onDiskAtKill: number; downMs: number }> {
	let done = false;
	void running.finally(() => (done = true));
	let onDisk = 0;
	while (!done && (onDisk = clientsOnDisk() ?? 0) < count) await new Promise((resolve) => setTimeout(resolve, 10));
	if (done) throw new Error(`the run ended before ${count} clients were written (${onDisk})`);
	const killed = Date.now();
	const old = service as ChildProcess;
	const exited = new Promise((resolve) => old.once('exit', resolve));
	old.kill('SIGKILL');
	await exited;
	await startService(port);
	return { onDiskAtKill: onDisk, downMs: Date.now() - killed };
}

beforeAll(() => {
	sandboxJs = compileSandbox();
	dir = mkdtempSync(join(tmpdir(), 'invoicing-restart-'));
	dataFile = join(dir, 'book.json');
});

afterEach(() => {
	service?.kill('SIGTERM');
	service = undefined;
	rmSync(dataFile, { force: true });
});

afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
	sandboxJs.remove();
});

const createClients = (url: string, options: { retry?: boolean; continueOnFail?: boolean }) =>
	runNode({
		credentials: { baseUrl: url },
		parameters: { resource: 'client', operation: 'create', names: '={{ $json.name }}', additionalFields: { email: '={{ $json.email }}' } },
		items: rows,
		continueOnFail: options.continueOnFail,
		// n8n's largest: 5 tries, 5 s apart (a restart takes a few seconds, longer on a loaded machine)
		...(options.retry ? { retry: { maxTries: 5, waitBetweenTries: 5000 } } : {}),
	});

/** What the service holds after the run, read from the restarted service. */
async function book(url: string): Promise<BookData> {
	const response = await fetch(`${url.replace(/\/v1$/, '')}/__sandbox/state`);
	return (await response.json()) as BookData;
}

/** Counts over the items and the service's book: the figures the issue asks for. */
function account(items: INodeExecutionData[], state: BookData) {
	const held = new Map(state.clients.map((c) => [c.id, c]));
	const perEmail = new Map<string, number>();
	for (const c of state.clients) perEmail.set(c.email, (perEmail.get(c.email) ?? 0) + 1);
	const succeeded = items.filter((i) => !i.error);
	return {
		records: state.clients.length,
		duplicates: [...perEmail.values()].reduce((sum, n) => sum + n - 1, 0),
		successesWithoutRecord: succeeded.filter((i) => held.get(String(i.json.id))?.email !== i.json.email).length,
		successesNamingAnotherRow: succeeded.filter((i) => i.json.email !== rows[items.indexOf(i)].email).length,
		errors: items.length - succeeded.length,
		// a record no item named: written by a request whose answer was lost, and not found again
		recordsNoItemNamed: state.clients.filter((c) => !succeeded.some((i) => i.json.id === c.id)).length,
	};
}

describe(`the service killed and restarted while ${ITEMS} Create Client items are written`, () => {
	test('Retry On Fail (5 tries, 5 s apart), default duplicate guard: every item names its record, each record once', async () => {
		const url = await startService(0);
		const port = Number(new URL(url).port);
		const running = createClients(url, { retry: true });
		const restart = await restartAt(KILL_AT, port, running);
		const result = await running;
		const state = await book(url);
		const counts = account(result.items, state);
		console.log(`service restart, Retry On Fail: ${JSON.stringify({ ...restart, ...counts, runError: result.error?.message ?? null })}`);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(ITEMS);
		expect(counts).toEqual({ records: ITEMS, duplicates: 0, successesWithoutRecord: 0, successesNamingAnotherRow: 0, errors: 0, recordsNoItemNamed: 0 });
		// the clients the first try had written before the kill were found again, not created twice
		expect(result.items.filter((i) => i.json.action === 'existing').length).toBeGreaterThanOrEqual(restart.onDiskAtKill);
	}, LIMIT_MS);

	test('Continue On Fail, no retry: every item names its record or says why it failed; a re-run of the same rows completes the book', async () => {
		const url = await startService(0);
		const port = Number(new URL(url).port);
		const running = createClients(url, { continueOnFail: true });
		const restart = await restartAt(KILL_AT, port, running);
		const first = await running;
		const counts = account(first.items, await book(url));
		const reasons = new Set(
			first.items
				.filter((i) => i.error)
				.map((i) => (i.error?.message ?? '').replace(/^Create Client "[^"]+" \(item \d+\) (failed|was created; looking again for a twin made at the same moment failed): /, '')),
		);
		console.log(`service restart, Continue On Fail: ${JSON.stringify({ ...restart, ...counts, reasons: [...reasons] })}`);
		expect(first.items).toHaveLength(ITEMS);
		expect(counts).toMatchObject({ duplicates: 0, successesWithoutRecord: 0, successesNamingAnotherRow: 0 });
		expect(counts.errors).toBeGreaterThan(0);
		// each failure names the cause: the connection dropped (the write may have been applied) or refused, at the
		// write or at the look after it (after-create)
		for (const reason of reasons) {
			expect(reason).toMatch(/^(the service closed the connection before answering( \(the service may have applied it\))?|nothing accepts connections at http:\/\/127\.0\.0\.1:\d+\/v1)/);
		}
		// what a user does after the restart: run the workflow again for the same rows; the guard finds what was written
		const again = await createClients(url, { continueOnFail: true });
		const after = account(again.items, await book(url));
		console.log(`service restart, re-run: ${JSON.stringify(after)}`);
		expect(after).toEqual({ records: ITEMS, duplicates: 0, successesWithoutRecord: 0, successesNamingAnotherRow: 0, errors: 0, recordsNoItemNamed: 0 });
	}, LIMIT_MS);
});
