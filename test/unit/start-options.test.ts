import { createServer, type Server } from 'node:net';

import { assertPortFree, readStartOptions } from '../../tools/scripts/start-options';

describe('npm start options', () => {
	const saved = { ...process.env };
	afterEach(() => {
		process.env = { ...saved };
	});

	test('defaults, environment, then flags', () => {
		delete process.env.INVOICING_N8N_PORT;
		delete process.env.INVOICING_SANDBOX_PORT;
		expect(readStartOptions([])).toEqual({ n8nPort: 5678, sandboxPort: 4010, reset: false });
		process.env.INVOICING_N8N_PORT = '5700';
		expect(readStartOptions([])).toEqual({ n8nPort: 5700, sandboxPort: 4010, reset: false });
		expect(readStartOptions(['--n8n-port=5800', '--sandbox-port=4100', '--reset'])).toEqual({ n8nPort: 5800, sandboxPort: 4100, reset: true });
	});

	test('refuses what it cannot use, saying how to call it', () => {
		expect(() => readStartOptions(['--n8n-port=http'])).toThrow('--n8n-port must be a port number (1-65535), got "http"');
		expect(() => readStartOptions(['--port=1'])).toThrow('Unknown option --port=1. Usage: npm start -- [--n8n-port=5678]');
		expect(() => readStartOptions(['--n8n-port=4010'])).toThrow('n8n and the sandbox need two different ports, both are 4010.');
	});

	test('a busy port is named with the flag that moves it', async () => {
		const busy: Server = createServer();
		await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
		const port = (busy.address() as { port: number }).port;
		await expect(assertPortFree(port, 'n8n', 'n8n-port')).rejects.toThrow(
			`Port ${port} on 127.0.0.1 is already in use, so n8n cannot start there. Stop what uses it, or pick another: npm start -- --n8n-port=${port + 1}`,
		);
		await new Promise((resolve) => busy.close(resolve));
		await expect(assertPortFree(port, 'n8n', 'n8n-port')).resolves.toBeUndefined();
	});
});
