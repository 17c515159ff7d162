/**
 * `npm start`: the sandbox with demo data and real n8n with this package, a ready credential, the example
 * workflows and a local owner account. Prints the URLs and the login; runs until Ctrl-C, then stops both.
 */
import { join } from 'node:path';

import { CACHE_ROOT } from './n8n/config';
import { DEMO_API_KEY, DEMO_OWNER, logTail, startEditor, type RunningEditor } from './n8n/editor';
import { assertPortFree, readStartOptions, resetDemo } from './start-options';

async function main(): Promise<void> {
	const { n8nPort, sandboxPort, reset } = readStartOptions();
	const home = join(CACHE_ROOT, 'local-demo');
	if (reset) {
		resetDemo([join(home, 'demo-book.json'), join(home, 'n8n-user'), join(home, 'n8n-files')]);
		console.log('Demo data reset: fresh demo book, n8n user folder and files.');
	}
	await assertPortFree(sandboxPort, 'the sandbox', 'sandbox-port');
	await assertPortFree(n8nPort, 'n8n', 'n8n-port');

	// eslint-disable-next-line prefer-const -- stop() reads it before it is assigned (Ctrl-C while n8n starts)
	let editor: RunningEditor | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n and the sandbox ...');
		await editor?.stop();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));
	editor = await startEditor({
		home,
		n8nPort,
		sandboxPort,
		onUnexpectedExit: (code) => {
			const logFile = join(home, 'n8n.log');
			console.error(`n8n stopped unexpectedly (exit ${code}). The end of its log (${logFile}):\n${logTail(logFile)}`);
			void stop(1);
		},
	});
	console.log(
		[
			`Sandbox of the Invoicing API: ${editor.sandbox.url} (API key ${DEMO_API_KEY}, data kept in ${join(home, 'demo-book.json')})`,
			'',
			`n8n editor:   ${editor.editorUrl}  (sign in as ${DEMO_OWNER.email} / ${DEMO_OWNER.password})`,
			`Sandbox API:  ${editor.sandbox.url}`,
			`Ready: the credential "Invoicing account" and the ${editor.workflowCount} example workflows are in n8n. Ctrl-C stops both.`,
			'Demo data is kept between starts; `npm start -- --reset` starts afresh.',
			`n8n's log:    ${editor.logFile}`,
		].join('\n'),
	);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
