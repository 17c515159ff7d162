import { Agent, request } from 'node:http';

import { encodeForm } from '../raw/form';

const IN_FLIGHT = 16;

/** POSTs a form to the service and returns the parsed JSON answer; a non-200 is an error. */
export function postForm(agent: Agent, url: string, apiKey: string, form: string): Promise<Record<string, unknown>> {
	return new Promise((resolve, reject) => {
		const req = request(
			url,
			{ method: 'POST', agent, headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/x-www-form-urlencoded' } },
			(res) => {
				let text = '';
				res.setEncoding('utf8');
				res.on('data', (chunk: string) => (text += chunk));
				res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text) as Record<string, unknown>) : reject(new Error(`HTTP ${res.statusCode}: ${text}`))));
			},
		);
		req.on('error', reject);
		req.end(form);
	});
}

export interface SeededInvoice {
	id: string;
	client: string;
	invoice_no: string;
}

/** Creates `clients` clients and `invoices` invoices through the service's own API, 16 requests in flight. */
export async function seedOverHttp(
	baseUrl: string,
	apiKey: string,
	counts: { clients: number; invoices: number },
	statusOf: (index: number) => 'Paid' | 'Not Paid',
): Promise<{ clientIds: string[]; invoices: SeededInvoice[] }> {
	const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
	const clientIds: string[] = [];
	for (let index = 0; index < counts.clients; index++) {
		const answer = await postForm(agent, `${baseUrl}/client/add?names=${encodeURIComponent(`Bench Client ${index + 1}`)}`, apiKey, '');
		clientIds.push(String((answer.data as Array<{ id: string }>)[0].id));
	}
	const invoices: SeededInvoice[] = new Array(counts.invoices);
	let next = 0;
	const worker = async () => {
		while (next < counts.invoices) {
			const index = next++;
			const client = clientIds[index % clientIds.length];
			const invoiceNo = `SEED-${index + 1}`;
			const form = encodeForm({
				client,
				invoice_no: invoiceNo,
				payment_status: statusOf(index),
				tax_rate: 7.5,
				items: [{ description: 'Seeded line', quantity: 1 + (index % 5), rate: 100 }],
			});
			const answer = await postForm(agent, `${baseUrl}/invoice/add`, apiKey, form);
			invoices[index] = { id: String((answer.invoice as Array<{ id: string }>)[0].id), client, invoice_no: invoiceNo };
		}
	};
	await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
	agent.destroy();
	return { clientIds, invoices };
}
