import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

/** The same, for a caller that cannot wait (an environment built in one go): asked of a short-lived Node process. */
export function freePortSync(): number {
	const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
	return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
