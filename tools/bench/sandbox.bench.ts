/**
 * Requests per second of the sandbox's GET /v1/client/all (demo book) against a bare node:http server answering
 * a constant JSON body of the same size, both driven by the same keep-alive client (16 connections, loopback)
 * in the same run. Bounded: 1,000 warm-up + 20,000 measured requests per server and round, at most 20 s each.
 * Run: npx ts-node --transpile-only tools/bench/sandbox.bench.ts   (exits 1 when the ratio is under 0.6)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';

const CONNECTIONS = 16;
const WARM_UP = 1_000;
const REQUESTS = 20_000;
const TIME_LIMIT_MS = 20_000;
const ROUNDS = 3;
const REQUIRED_RATIO = 0.6;

function startServer(kind: 'sandbox' | 'bare', body = ''): Promise<{ url: string; child: ChildProcess }> {
	const tsNode = join(__dirname, '..', '..', 'node_modules', 'ts-node', 'dist', 'bin.js');
	const child = spawn(process.execPath, [tsNode, '--transpile-only', join(__dirname, 'bench-server.ts'), kind, body], { stdio: ['ignore', 'pipe', 'inherit'] });
	return new Promise((resolve, reject) => {
		child.stdout?.once('data', (chunk: Buffer) => resolve({ url: chunk.toString().trim(), child }));
		child.once('exit', (code) => reject(new Error(`${kind} server exited ${code}`)));
	});
}

function get(agent: Agent, url: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const req = request(url, { agent }, (res) => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => (text += chunk));
			res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`HTTP ${res.statusCode}`))));
		});
		req.on('error', reject);
		req.end();
	});
}

/** `count` requests over CONNECTIONS parallel keep-alive loops; requests per second. */
async function load(url: string, count: number): Promise<number> {
	const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
	let sent = 0;
	const started = process.hrtime.bigint();
	const deadline = Date.now() + TIME_LIMIT_MS;
	const loop = async () => {
		while (sent < count && Date.now() < deadline) {
			sent += 1;
			await get(agent, url);
		}
	};
	await Promise.all(Array.from({ length: CONNECTIONS }, loop));
	const seconds = Number(process.hrtime.bigint() - started) / 1e9;
	agent.destroy();
	return sent / seconds;
}

async function measure(url: string): Promise<number> {
	await load(url, WARM_UP);
	return await load(url, REQUESTS);
}

async function main(): Promise<number> {
	const sandbox = await startServer('sandbox');
	const body = await get(new Agent(), sandbox.url);
	const bare = await startServer('bare', body);
	try {
		const rates = { bare: [] as number[], sandbox: [] as number[] };
		for (let round = 1; round <= ROUNDS; round++) {
			rates.bare.push(await measure(bare.url));
			rates.sandbox.push(await measure(sandbox.url));
			console.log(`round ${round}: bare ${rates.bare.at(-1)?.toFixed(0)} req/s, sandbox ${rates.sandbox.at(-1)?.toFixed(0)} req/s`);
		}
		const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
		const ratio = median(rates.sandbox) / median(rates.bare);
		console.log(`GET /v1/client/all (${Buffer.byteLength(body)} bytes, ${CONNECTIONS} keep-alive connections, median of ${ROUNDS} rounds):`);
		console.log(`  bare node:http  ${median(rates.bare).toFixed(0)} req/s`);
		console.log(`  sandbox         ${median(rates.sandbox).toFixed(0)} req/s`);
		console.log(`  ratio           ${ratio.toFixed(2)} (required >= ${REQUIRED_RATIO})`);
		return ratio >= REQUIRED_RATIO ? 0 : 1;
	} finally {
		sandbox.child.kill();
		bare.child.kill();
	}
}

main().then((code) => process.exit(code), (error: unknown) => {
	console.error(error);
	process.exit(1);
});
