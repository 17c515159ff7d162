/**
 * The floor: the same requests as the n8n contenders, from a plain node:http client with a keep-alive agent,
 * all requests of a scenario at once (as n8n's declarative engine sends them), answers parsed and shaped
 * into the same items.
 */
import { Agent, request } from 'node:http';

import { PAYMENT_STATUS, TAX_RATE, UPDATE_NOTE, type CreateInput, type RecordInput } from '../scenarios';
import { encodeForm } from './form';

type Json = Record<string, unknown>;

const FORM = 'application/x-www-form-urlencoded';

export class RawClient {
	private readonly agent = new Agent({ keepAlive: true });

	constructor(private readonly apiKey: string) {}

	private send(method: string, url: string, body?: string): Promise<Json> {
		return new Promise((resolve, reject) => {
			const headers: Record<string, string> = { Authorization: `Bearer ${this.apiKey}`, Accept: 'application/json' };
			if (body !== undefined) headers['Content-Type'] = FORM;
			const req = request(url, { method, agent: this.agent, headers }, (res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
					if (res.statusCode !== 200 || json.status !== 'success') reject(new Error(`${method} ${url}: HTTP ${res.statusCode}`));
					else resolve(json);
				});
			});
			req.on('error', reject);
			req.end(body);
		});
	}

	async create(baseUrl: string, inputs: CreateInput[]): Promise<Json[]> {
		return await Promise.all(
			inputs.map(async (input) => {
				const body = encodeForm({
					client: input.client,
					invoice_no: input.invoice_no,
					payment_status: PAYMENT_STATUS,
					tax_rate: TAX_RATE,
					items: input.items.map((item) => ({ description: item.description, quantity: item.quantity, rate: item.rate })),
				});
				// a new invoice as the node outputs it, as Get would give it: its items' amounts, no payments or send log yet
				const invoice = withItems(await this.send('POST', `${baseUrl}/invoice/add`, body));
				const items = (invoice.items as Json[]).map((i) => ({ ...i, amount: (Math.round(Number(i.quantity) * Number(i.rate) * 100 + 1e-9) / 100).toFixed(2) }));
				return { ...invoice, items, payments: [], send_log: [] };
			}),
		);
	}

	async get(baseUrl: string, inputs: RecordInput[]): Promise<Json[]> {
		return await Promise.all(
			inputs.map(async (input) => {
				const json = await this.send('GET', `${baseUrl}/invoice/${encodeURIComponent(input.id)}`);
				return { ...withItems(json), payments: json.payments, send_log: json.send_log };
			}),
		);
	}

	async getManyNotPaid(baseUrl: string): Promise<Json[]> {
		const json = await this.send('GET', `${baseUrl}/invoice/all`);
		return (json.data as Json[]).filter((invoice) => invoice.payment_status === PAYMENT_STATUS);
	}

	async update(baseUrl: string, inputs: RecordInput[]): Promise<Json[]> {
		return await Promise.all(
			inputs.map(async (input) => {
				const body = encodeForm({ client: input.client, invoice_no: input.invoice_no, payment_status: PAYMENT_STATUS, note: UPDATE_NOTE });
				const url = `${baseUrl}/invoice/${encodeURIComponent(input.id)}`;
				await this.send('PUT', url, body);
				// the PUT's answer lacks payments and send log: read the invoice after it, as the node does
				const json = await this.send('GET', url);
				return { ...withItems(json), payments: json.payments, send_log: json.send_log };
			}),
		);
	}

	close(): void {
		this.agent.destroy();
	}
}

function withItems(json: Json): Json {
	const invoice = (json.invoice as Json[])[0];
	return { ...invoice, items: json.items };
}
