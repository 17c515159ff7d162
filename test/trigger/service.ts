import type { Sandbox } from '../../tools/sandbox';

type Params = Record<string, unknown>;
type Body = Record<string, unknown>;

/** Changes made to the service between polls, through its own HTTP API (JSON bodies). */
export class Service {
	constructor(
		private readonly sandbox: Sandbox,
		private readonly apiKey: string,
	) {}

	async call(method: string, path: string, params?: Params): Promise<Body> {
		const response = await fetch(`${this.sandbox.url}${path}`, {
			method,
			headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
			body: params ? JSON.stringify(params) : undefined,
		});
		const body = (await response.json()) as Body;
		if (response.status !== 200) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
		return body;
	}

	private static firstId(body: Body, envelope: string): string {
		return (body[envelope] as Array<{ id: string }>)[0].id;
	}

	async client(names: string, email = ''): Promise<string> {
		return Service.firstId(await this.call('POST', '/client/add', { names, email }), 'data');
	}

	async expense(description: string, amount: number, currency = 'USD'): Promise<string> {
		const body = await this.call('POST', '/expense/add', { description, amount, currency, issue_date: '2026-01-10' });
		return Service.firstId(body, 'expense');
	}

	async invoice(client: string, no: string, fields: Params = {}): Promise<string> {
		const params = { client, invoice_no: no, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 100 }], ...fields };
		return Service.firstId(await this.call('POST', '/invoice/add', params), 'invoice');
	}

	async estimate(client: string, no: string, fields: Params = {}): Promise<string> {
		const params = { client, estimate_no: no, items: [{ description: 'Plan', quantity: 2, rate: 50 }], ...fields };
		return Service.firstId(await this.call('POST', '/estimate/add', params), 'estimate');
	}

	async get(resource: string, id: string): Promise<Body> {
		return await this.call('GET', `/${resource}/${id}`);
	}

	async pay(id: string, amount: number): Promise<void> {
		await this.call('POST', '/invoice/record-payment', { id, amount_paid: amount, payment_date: '2026-01-15', payment_method: 'Cash' });
	}

	async mark(id: string, status: 'paid' | 'not-paid'): Promise<void> {
		await this.call('GET', `/invoice/${status}/${id}`);
	}

	async remove(resource: string, id: string): Promise<void> {
		await this.call('DELETE', `/${resource}/${id}`);
	}
}

/** YYYY-MM-DD, `days` from the given date. */
export function shiftDate(date: string, days: number): string {
	const d = new Date(`${date}T00:00:00Z`);
	d.setUTCDate(d.getUTCDate() + days);
	return d.toISOString().slice(0, 10);
}
