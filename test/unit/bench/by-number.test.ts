import { splitRequests } from '../../../tools/bench/book/by-number-rounds';
import { byNumberWorkflow, spreadOver, type ByNumberTargets } from '../../../tools/bench/book/by-number-scenario';
import type { ServiceRequestSummary } from '../../../tools/bench/service/protocol';

const invoice = (index: number) => ({ id: `92${String(index).padStart(14, '0')}`, invoice_no: `SEED-${index + 1}` });
const book = Array.from({ length: 40 }, (_, index) => invoice(index));
const credential = { id: 'c', name: 'c' };
const targets: ByNumberTargets = {
	book: { credential, invoices: { id: spreadOver(book, 4, 0), number: spreadOver(book, 4, 5) } },
	warmUp: { credential: { id: 'w', name: 'w' }, invoices: { id: [invoice(1)], number: [invoice(2)] } },
};

const request = (method: string, path: string, rawBody = ''): ServiceRequestSummary => ({ method, path, query: '{}', contentType: null, rawBody, authorized: true });

describe('the By Number bench scenario', () => {
	test('pays disjoint invoices spread over the book, one every length / count', () => {
		expect(targets.book.invoices.id.map((i) => i.invoice_no)).toEqual(['SEED-1', 'SEED-11', 'SEED-21', 'SEED-31']);
		expect(targets.book.invoices.number.map((i) => i.invoice_no)).toEqual(['SEED-6', 'SEED-16', 'SEED-26', 'SEED-36']);
	});

	test('each request counts for the mode whose invoice it names; a list read for By Number', () => {
		const [byId, byNumber] = [targets.book.invoices.id[1].id, targets.book.invoices.number[2].id];
		const counts = splitRequests(
			[
				request('GET', '/v1/invoice/all'),
				request('GET', `/v1/invoice/${byId}`),
				request('POST', '/v1/invoice/record-payment', `id=${byId}&payment_date=2026-03-05&amount_paid=0.01`),
				request('GET', `/v1/invoice/${byNumber}`),
				request('POST', '/v1/invoice/record-payment', JSON.stringify({ id: byNumber, amount_paid: 0.01 })),
			],
			targets,
		);
		expect(counts).toEqual({
			id: { 'GET /invoice/{id}': 1, 'POST /invoice/record-payment': 1 },
			number: { 'GET /invoice/all': 1, 'GET /invoice/{id}': 1, 'POST /invoice/record-payment': 1 },
		});
	});

	test('a round: warm-up pair on its own book, then By ID and By Number, which first alternating; amounts differ per round', () => {
		const names = (round: number) => byNumberWorkflow(targets, round).nodes.map((node) => node.name);
		expect(names(0).slice(5)).toEqual(['id input', 'Record Payment By ID', 'number input', 'Record Payment By Number']);
		expect(names(1).slice(5)).toEqual(['number input', 'Record Payment By Number', 'id input', 'Record Payment By ID']);
		const nodes = byNumberWorkflow(targets, 2).nodes;
		const timed = nodes.find((node) => node.name === 'Record Payment By Number');
		expect(timed?.parameters.invoiceId).toEqual({ __rl: true, mode: 'number', value: '={{ $json.invoice_no }}' });
		expect(timed?.credentials).toEqual({ invoicingApi: credential });
		expect(nodes.find((node) => node.name === 'warm-up By ID')?.credentials).toEqual({ invoicingApi: { id: 'w', name: 'w' } });
		expect(nodes.find((node) => node.name === 'number input')?.parameters.jsCode).toContain('"invoice_no":"SEED-6","amount":0.03}');
	});
});
