import type { INodeParameters } from 'n8n-workflow';

import { keptLanes, MOST_LANES } from '../../nodes/Invoicing/helpers/guards/path/sequence-lanes';
import { bulkBook } from '../../tools/sandbox';
import { byId, useEngineFixture } from './fixture';
import { heapAfterGc } from './harness/heap';

const ctx = useEngineFixture();

/** Next in Sequence with a prefix per client, as a book numbered per client does: one sequence per prefix. */
const perClientPrefix: INodeParameters = {
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

const PREFIXES = Math.round(1.5 * MOST_LANES);
const MB = 1e6;

describe('what the process keeps across executions is bounded, whatever the prefixes', () => {
	test(`${PREFIXES} prefixes over a book of 2,000 invoices: at most ${MOST_LANES} lanes kept, and the heap does not grow with the prefixes`, async () => {
		ctx.sandbox.load(bulkBook({ clients: 200, invoices: 2_000 }, '2026-01-15 10:00:00', () => 'Not Paid'));
		const client = ctx.sandbox.state().clients[0].id;
		await ctx.run(perClientPrefix, { items: [{ client, k: 'warm-up' }] });
		const before = heapAfterGc();
		let most = 0;
		for (let k = 0; k < PREFIXES; k++) {
			const result = await ctx.run(perClientPrefix, { items: [{ client, k }] });
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.invoice_no).toBe(`C${k}-0001`);
			most = Math.max(most, keptLanes());
		}
		const grown = heapAfterGc() - before;
		expect(most).toBeLessThanOrEqual(MOST_LANES + 1);
		// each sequence kept the list of 2,000 invoices it read (about 0.8 MB): 120 MB over these prefixes
		expect(grown).toBeLessThan(30 * MB);
		// a prefix whose lane was forgotten keeps its promises: its next run reads the list again, finds the row's
		// invoice and continues the sequence (two identical rows are two invoices)
		const again = await ctx.run(perClientPrefix, { items: [{ client, k: 0 }, { client, k: 0 }] });
		expect(again.items.map((item) => [item.json.invoice_no, item.json.action])).toEqual([
			['C0-0001', 'existing'],
			['C0-0002', 'created'],
		]);
	}, 300_000);
});
