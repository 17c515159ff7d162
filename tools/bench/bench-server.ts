/** A server for the benchmark, in its own process: `sandbox` (demo book) or `bare` (node:http, constant body). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSandbox } from '../sandbox';

async function main(kind: string, body: string) {
	if (kind === 'sandbox') {
		const sandbox = await startSandbox({ seed: 'demo' });
		console.log(`${sandbox.url}/client/all`);
		return;
	}
	const server = createServer((_req, res) => {
		res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
		res.end(body);
	});
	server.keepAliveTimeout = 30_000;
	server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
}

void main(process.argv[2], process.argv[3] ?? '{"status":"success"}');
