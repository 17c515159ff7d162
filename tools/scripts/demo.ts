/**
 * `npm run demo`: runs the invoice life-cycle example inside real n8n against a fresh sandbox and prints what
 * happened. Headless; exits 0 when the invoice ended up Paid with its payment and send log, 1 otherwise.
 */
import { startSandbox } from '../sandbox';
import { readExample, setUpN8n } from './n8n/harness';
import { nodeOutput } from './n8n/n8n-cli';

const API_KEY = 'demo-key';

async function main(): Promise<number> {
	const sandbox = await startSandbox({ apiKey: API_KEY });
	try {
		console.log(`Sandbox of the Invoicing API: ${sandbox.url}`);
		console.log('Loading the package into real n8n (first run installs n8n into the cache) ...');
		const workflow = readExample('1-invoice-lifecycle.json');
		const { cli } = await setUpN8n({ baseUrl: sandbox.url, apiKey: API_KEY, workflows: [workflow] });
		console.log(`Running "${workflow.name}" ...`);
		const run = await cli.execute(workflow.id);
		const [client] = nodeOutput(run, 'Create Client');
		const [invoice] = nodeOutput(run, 'Get Invoice');
		const payments = invoice.payments as Array<{ amount: number; bank: string; reference: string }>;
		const sendLog = invoice.send_log as Array<{ email: string; date: string }>;
		const lines = [
			'',
			`Client:       ${String(client.names)} <${String(client.email)}>`,
			`Invoice:      ${String(invoice.invoice_no)} (${String(invoice.currency)}), ${(invoice.items as unknown[]).length} line items, tax ${String(invoice.tax_rate)}%`,
			`Total:        ${String(invoice.sub_total)} + tax ${String(invoice.tax_amount)} = ${String(invoice.total)}`,
			`Paid:         ${String(invoice.payment_status)} — ${payments.map((p) => `${p.amount} by ${p.bank} (${p.reference})`).join(', ')}; outstanding ${String(invoice.outstanding_balance)}`,
			`Sent to:      ${sendLog.map((s) => `${s.email} at ${s.date} UTC`).join(', ')}`,
			`Requests:     ${sandbox.requests().length} sent by n8n, all with the API key: ${sandbox.requests().every((r) => r.authorized)}`,
		];
		console.log(lines.join('\n'));
		const ok = run.status === 'success' && invoice.payment_status === 'Paid' && sendLog.length === 1;
		console.log(ok ? '\nDemo passed: the invoice was created, sent and paid through real n8n.' : '\nDemo FAILED: see above.');
		return ok ? 0 : 1;
	} finally {
		await sandbox.close();
	}
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	},
);
