import type { INodeParameters } from 'n8n-workflow';

import { bulkBook } from '../../tools/sandbox';
import { byId, useEngineFixture } from './fixture';
import { heapAfterGc } from './harness/heap';

/**
 * The measure behind docs/design.md's "What the process remembers between executions": MEMORY_PREFIXES runs of Next
 * in Sequence, one prefix each (`C<k>-`), over a book of MEMORY_BOOK invoices (20,000 unless set), the heap after
 * garbage collection before and after. Skipped unless MEMORY_PREFIXES is set (it takes about a second a prefix).
 */

const ctx = useEngineFixture();
const PREFIXES = Number(process.env.MEMORY_PREFIXES ?? 0);
const BOOK = Number(process.env.MEMORY_BOOK ?? 20_000);

const nextInvoice: INodeParameters = {
	resource: 'invoice',
	operation: 'create',
	numbering: 'next',
	numberPrefix: '={{ "C" + $json.k + "-" }}',
	numberDigits: 4,
	client: byId('={{ $json.client }}'),
	paymentStatus: 'Not Paid',
	itemsMode: 'json',
	itemsJson: '={{ [{ description: "Work " + $json.k, quantity: 1, rate: 100 }] }}',
	additionalFields: { issueDate: '2026-01-15' },
};

(PREFIXES > 0 ? test : test.skip)('heap growth of Next in Sequence with a prefix per client', async () => {
	ctx.sandbox.load(bulkBook({ clients: Math.max(1, BOOK / 10), invoices: BOOK }, '2026-01-15 10:00:00', () => 'Not Paid'));
	const client = ctx.sandbox.state().clients[0].id;
	// warm-up: one run of a prefix outside the measure
	await ctx.run(nextInvoice, { items: [{ client, k: 'warm' }] });
	const before = heapAfterGc();
	const started = Date.now();
	for (let k = 0; k < PREFIXES; k++) {
		const result = await ctx.run(nextInvoice, { items: [{ client, k }] });
		if (result.error) throw result.error;
	}
	const after = heapAfterGc();
	process.stdout.write(`prefixes ${PREFIXES}, book ${BOOK}: heap +${((after - before) / 1e6).toFixed(1)} MB after GC (${before} -> ${after}), ${Date.now() - started} ms\n`);
}, 3_600_000);
