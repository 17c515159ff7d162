// Runs every date case through n8n's engine against a sandbox and prints one report line; started by
// date-catalogue.test.ts with TZ set, so the whole node runs in that process time zone.
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../../tools/sandbox';
import { runNode } from '../harness/run-node';
import { DATE_CASES, REPORT_MARKER, type CatalogueReport, type DateOutcome } from './catalogue';

async function main(): Promise<void> {
	const sandbox = await startSandbox({ deterministic: true });
	const outcomes: DateOutcome[] = [];
	try {
		for (const { value, workflowZone } of DATE_CASES) {
			sandbox.clearRequests();
			const result = await runNode({
				credentials: { baseUrl: sandbox.url },
				timezone: workflowZone,
				parameters: { resource: 'expense', operation: 'create', description: 'Taxi', issueDate: value, amount: 12, currency: 'EUR' },
			});
			const sent = sandbox.requests().map((r) => String((r.body as IDataObject).issue_date));
			outcomes.push({ value, workflowZone, sent, ...(result.error ? { error: result.error.message } : {}) });
		}
	} finally {
		await sandbox.close();
	}
	const report: CatalogueReport = {
		processZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
		offsetMinutes: new Date(2026, 2, 5).getTimezoneOffset(),
		outcomes,
	};
	process.stdout.write(`\n${REPORT_MARKER}${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
