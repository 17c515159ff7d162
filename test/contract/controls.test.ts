import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { overdueInvoices, startSandbox } from '../../tools/sandbox';
import { useSandbox } from './http';

const ctx = useSandbox({ deterministic: true, seed: 'demo' });

describe('test controls', () => {
	test('the request log records method, path, query, parsed body, raw body, encoding and status', async () => {
		ctx.sandbox.clearRequests();
		await ctx.call('POST', '/expense/add', { description: 'Taxi', issue_date: '2026-01-02', amount: '12.5', currency: 'EUR' }, 'form');
		expect(ctx.sandbox.requests()).toEqual([
			{
				method: 'POST',
				path: '/v1/expense/add',
				query: {},
				body: { description: 'Taxi', issue_date: '2026-01-02', amount: '12.5', currency: 'EUR' },
				rawBody: 'description=Taxi&issue_date=2026-01-02&amount=12.5&currency=EUR',
				contentType: 'application/x-www-form-urlencoded',
				encoding: 'form',
				headers: expect.objectContaining({ 'content-type': 'application/x-www-form-urlencoded' }),
				authorized: true,
				status: 200,
				receivedAt: expect.any(Number),
			},
		]);
		const overHttp = await fetch(`${ctx.sandbox.url.replace('/v1', '')}/__sandbox/requests`).then((r) => r.json());
		expect(overHttp).toEqual({ status: 'success', requests: JSON.parse(JSON.stringify(ctx.sandbox.requests())) });
	});

	test.each([
		[{ kind: 'status', status: 503, message: 'maintenance' }, 503, '{"status":"error","message":"maintenance"}'],
		[{ kind: 'errorStatus200', message: 'quota' }, 200, '{"status":"error","message":"quota"}'],
		[{ kind: 'malformed' }, 200, '{"status":"success","data":[{"id":'],
		[{ kind: 'html' }, 502, '<html><body><h1>502 Bad Gateway</h1><p>upstream error</p></body></html>'],
	] as const)('fault %j answers %s once, then the endpoint works again', async (fault, status, text) => {
		ctx.sandbox.injectFault({ ...fault, path: '/v1/client/all' });
		expect(await ctx.call('GET', '/client/all')).toMatchObject({ status, text });
		expect((await ctx.call('GET', '/client/all')).status).toBe(200);
	});

	test('faults can hit the next N requests of any path, delay, or drop the connection', async () => {
		ctx.sandbox.injectFault({ kind: 'status', count: 2 });
		expect([(await ctx.call('GET', '/client/all')).status, (await ctx.call('GET', '/invoice/all')).status, (await ctx.call('GET', '/invoice/all')).status]).toEqual([500, 500, 200]);
		// a delayed request is answered after one sent later, and then normally
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 300, path: '/v1/client/all' });
		const finished: string[] = [];
		const delayed = ctx.call('GET', '/client/all').then((a) => finished.push(`clients ${a.status}`));
		await new Promise((resolve) => setImmediate(resolve));
		await ctx.call('GET', '/invoice/all').then((a) => finished.push(`invoices ${a.status}`));
		await delayed;
		expect(finished).toEqual(['invoices 200', 'clients 200']);
		ctx.sandbox.injectFault({ kind: 'drop' });
		await expect(ctx.call('GET', '/client/all')).rejects.toThrow();
	});

	test('limits answer 429 beyond the rate', async () => {
		ctx.sandbox.setLimits({ maxPerSecond: 2 });
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await ctx.call('GET', '/client/all')).status);
		expect(statuses).toEqual([200, 200, 429, 429]);
		expect((await ctx.call('GET', '/client/all')).body).toEqual({ status: 'error', message: 'Rate limit of 2 requests per second exceeded; retry later.' });
	});

	test('the demo seed: 4 clients, invoices paid, due and overdue, estimates accepted and not, expenses in two currencies', async () => {
		const state = ctx.sandbox.state();
		expect(state.clients).toHaveLength(4);
		expect(overdueInvoices(state, '2026-01-15').map((i) => i.invoice_no)).toEqual(['INV-1003', 'INV-1004']);
		expect(state.invoices.map((i) => i.payment_status)).toEqual(['Paid', 'Not Paid', 'Not Paid', 'Not Paid']);
		expect(state.estimates.map((e) => e.accepted)).toEqual(['True', 'False']);
		expect([...new Set(state.expenses.map((e) => e.currency))]).toEqual(['USD', 'GBP']);
		const paid = (await ctx.call('GET', `/invoice/${state.invoices[0].id}`)).body.invoice as Array<Record<string, unknown>>;
		expect(paid[0].outstanding_balance).toBe('0.00');
	});

	test('--data persists the book across a restart', async () => {
		const file = join(mkdtempSync(join(tmpdir(), 'sandbox-data-')), 'book.json');
		const first = await startSandbox({ dataFile: file, seed: 'demo' });
		await fetch(`${first.url}/client/add?names=Kept`, { method: 'POST' });
		await first.close();
		const second = await startSandbox({ dataFile: file, seed: 'empty' });
		const names = ((await (await fetch(`${second.url}/client/all`)).json()) as { data: Array<{ names: string }> }).data.map((c) => c.names);
		await second.close();
		expect(names).toEqual(['Acme Ltd', 'Globex Corporation', 'Initech', 'Umbrella Health', 'Kept']);
		expect(JSON.parse(readFileSync(file, 'utf8')).clients).toHaveLength(5);
	});

	test('the CLI prints its base URL, serves, and stops on SIGTERM', async () => {
		const cli = spawn(process.execPath, [join(__dirname, '..', '..', 'node_modules', '.bin', 'ts-node'), '--transpile-only', join(__dirname, '..', '..', 'tools', 'sandbox', 'cli.ts'), '--port', '0', '--seed', 'demo', '--api-key', 'k'], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const url = await new Promise<string>((resolve, reject) => {
			cli.stdout.on('data', (chunk: Buffer) => {
				const match = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(chunk.toString());
				if (match) resolve(match[0]);
			});
			cli.once('exit', (code) => reject(new Error(`exited ${code}`)));
		});
		const answer = await fetch(`${url}/client/all`, { headers: { authorization: 'Bearer k' } });
		expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(4);
		cli.kill('SIGTERM');
		expect(await new Promise((resolve) => cli.once('exit', resolve))).toBe(0);
	});
});
