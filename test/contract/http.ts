import { startSandbox, type Sandbox, type SandboxOptions } from '../../tools/sandbox';

export interface Answer {
	status: number;
	body: Record<string, unknown>;
	text: string;
}

export type Encoding = 'query' | 'form' | 'json';

/** PHP bracket notation, as a client would hand-write it. */
export function bracketForm(params: Record<string, unknown>, prefix = ''): string[] {
	return Object.entries(params).flatMap(([key, value]) => {
		const name = prefix ? `${prefix}[${key}]` : key;
		if (value !== null && typeof value === 'object') return bracketForm(value as Record<string, unknown>, name);
		return [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`];
	});
}

/** The sandbox through real HTTP on loopback, one per test file, emptied before each test. */
export function useSandbox(options: SandboxOptions = { deterministic: true }) {
	const ctx = {} as {
		sandbox: Sandbox;
		call(method: string, path: string, params?: Record<string, unknown>, encoding?: Encoding, headers?: Record<string, string>): Promise<Answer>;
		id(answer: Answer, envelope: string): string;
	};
	beforeAll(async () => {
		ctx.sandbox = await startSandbox(options);
	});
	afterAll(async () => ctx.sandbox.close());
	beforeEach(() => {
		ctx.sandbox.reset({ seed: options.seed });
		ctx.sandbox.clearFaults();
		ctx.sandbox.setLimits({});
	});
	ctx.call = async (method, path, params, encoding = 'json', headers = {}) => {
		let url = `${ctx.sandbox.url}${path}`;
		let body: string | undefined;
		const sent: Record<string, string> = { ...headers };
		if (params && encoding === 'query') url += `?${bracketForm(params).join('&')}`;
		if (params && encoding === 'form') {
			body = bracketForm(params).join('&');
			sent['content-type'] = 'application/x-www-form-urlencoded';
		}
		if (params && encoding === 'json') {
			body = JSON.stringify(params);
			sent['content-type'] = 'application/json';
		}
		const response = await fetch(url, { method, headers: sent, body });
		const text = await response.text();
		let parsed: Record<string, unknown> = {};
		try {
			parsed = JSON.parse(text) as Record<string, unknown>;
		} catch {
			// HTML and malformed answers are checked through `text`
		}
		return { status: response.status, body: parsed, text };
	};
	ctx.id = (answer, envelope) => (answer.body[envelope] as Array<{ id: string }>)[0].id;
	return ctx;
}
