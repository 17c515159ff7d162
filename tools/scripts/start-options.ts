import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

export interface StartOptions {
	n8nPort: number;
	sandboxPort: number;
	/** Start from fresh demo data and a fresh n8n user folder. */
	reset: boolean;
}

const USAGE = 'npm start -- [--n8n-port=5678] [--sandbox-port=4010] [--reset]   (or INVOICING_N8N_PORT / INVOICING_SANDBOX_PORT)';

function port(flag: string, envName: string, fallback: number, argv: string[]): number {
	const given = argv.find((arg) => arg.startsWith(`--${flag}=`))?.split('=')[1] ?? process.env[envName];
	if (given === undefined || given === '') return fallback;
	const value = Number(given);
	if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`--${flag} must be a port number (1-65535), got "${given}". Usage: ${USAGE}`);
	return value;
}

/** Flags win over the environment, which wins over the defaults 5678 (n8n) and 4010 (sandbox). */
export function readStartOptions(argv: string[] = process.argv.slice(2)): StartOptions {
	const unknown = argv.filter((arg) => !/^--(n8n-port|sandbox-port)=/.test(arg) && arg !== '--reset');
	if (unknown.length > 0) throw new Error(`Unknown option ${unknown.join(' ')}. Usage: ${USAGE}`);
	const options = {
		n8nPort: port('n8n-port', 'INVOICING_N8N_PORT', 5678, argv),
		sandboxPort: port('sandbox-port', 'INVOICING_SANDBOX_PORT', 4010, argv),
		reset: argv.includes('--reset'),
	};
	if (options.n8nPort === options.sandboxPort) throw new Error(`n8n and the sandbox need two different ports, both are ${options.n8nPort}.`);
	return options;
}

/** Refuses a busy port up front, with the fix, instead of a child process dying later. */
export async function assertPortFree(portNumber: number, what: string, flag: string): Promise<void> {
	await new Promise<void>((resolve, reject) => {
		const probe = createServer();
		probe.once('error', (error: NodeJS.ErrnoException) =>
			reject(
				new Error(
					error.code === 'EADDRINUSE'
						? `Port ${portNumber} on 127.0.0.1 is already in use, so ${what} cannot start there. Stop what uses it, or pick another: npm start -- --${flag}=${portNumber + 1}`
						: `Cannot listen on 127.0.0.1:${portNumber} for ${what}: ${error.message}`,
				),
			),
		);
		probe.listen(portNumber, '127.0.0.1', () => probe.close(() => resolve()));
	});
}

/** --reset: the demo book and n8n's user folder are made again on this start. */
export function resetDemo(paths: string[]): void {
	for (const path of paths) rmSync(path, { recursive: true, force: true });
}
