import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { InvoicingApi } from '../../credentials/InvoicingApi.credentials';
import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';

const { description } = new Invoicing();
const properties = description.properties;

// in the order of the Resource options: Invoice first (issue 45; test/unit/nodes-panel)
const OPERATIONS: Record<string, string[]> = {
	invoice: ['create', 'createFromEstimate', 'delete', 'exportEInvoice', 'get', 'getAll', 'markNotPaid', 'markPaid', 'recordPayment', 'send', 'update', 'upsert'],
	estimate: ['convertToInvoice', 'create', 'delete', 'get', 'getAll', 'send', 'update', 'upsert'],
	client: ['create', 'delete', 'get', 'getAll', 'update', 'upsert'],
	expense: ['create', 'delete', 'get', 'getAll', 'update'],
};

function operationProperty(resource: string): INodeProperties {
	const property = properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
	if (!property) throw new Error(`no operation property for ${resource}`);
	return property;
}

const operationOptions = (resource: string) => operationProperty(resource).options as INodePropertyOptions[];

describe('node description', () => {
	test('identity: declarative, usable as a tool, one credential, light and dark icons', () => {
		// version 2 for new nodes; saved nodes keep version 1 (docs/upgrading.md)
		expect([description.name, description.displayName, description.version, description.defaultVersion]).toEqual(['invoicing', 'Invoicing', [1, 2], 2]);
		// the object form: as a tool, a description for the model (test/e2e/trigger.test.ts reads it back from n8n)
		expect(description.usableAsTool).toEqual({ replacements: { description: expect.stringContaining('their "id" is what the other Invoicing tools take') } });
		// the seller credential only on Export E-Invoice; with two entries n8n's routing picks the one the hidden
		// `authentication` parameter names for every request (docs/design.md)
		expect(description.credentials).toEqual([
			{ name: 'invoicingApi', required: true, displayOptions: { show: { authentication: ['invoicingApi'] } } },
			{ name: 'invoicingSellerApi', required: true, testedBy: 'invoicingSellerApiTest', displayOptions: { show: { resource: ['invoice'], operation: ['exportEInvoice'] } } },
		]);
		expect(properties[0]).toEqual({ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'invoicingApi' });
		expect(description.icon).toEqual({ light: 'file:invoicing.svg', dark: 'file:invoicing.dark.svg' });
		expect(description.requestDefaults).toEqual({ headers: { Accept: 'application/json' }, ignoreHttpStatusErrors: true });
		expect(new Invoicing()).not.toHaveProperty('execute');
	});

	test('resources and their operations: the 25 of the service, Create or Update for clients, invoices, estimates, Create From Estimate and its estimate side, Convert to Invoice', () => {
		const resource = properties.find((p) => p.name === 'resource') as INodeProperties;
		expect((resource.options as INodePropertyOptions[]).map((o) => o.value)).toEqual(Object.keys(OPERATIONS));
		for (const [name, operations] of Object.entries(OPERATIONS)) {
			expect(operationOptions(name).map((o) => o.value).sort()).toEqual([...operations].sort());
		}
		expect(Object.values(OPERATIONS).flat()).toHaveLength(31);
	});

	test.each(Object.keys(OPERATIONS))('every %s operation has an action without articles, a request and error handling first', (resource) => {
		for (const option of operationOptions(resource)) {
			expect(option.action).toMatch(/^[A-Z][a-z]+ /);
			expect(option.action).not.toMatch(/\b(a|an|the)\b/);
			expect(option.description).not.toBe(option.action);
			expect(option.routing?.request?.method).toMatch(/^(GET|POST|PUT|DELETE)$/);
			// an estimate's Convert to Invoice makes an invoice, as Create From Estimate does
			expect(option.routing?.request?.url).toMatch(option.value === 'convertToInvoice' ? /^\/invoice\/add$/ : new RegExp(`^/${resource}/`));
			const postReceive = option.routing?.output?.postReceive ?? [];
			expect(typeof postReceive[0] === 'function' && postReceive[0].name).toBe('handleApiErrors');
			expect(postReceive).toHaveLength(2);
		}
	});

	test('every parameter shows only for resources and operations that exist', () => {
		for (const property of properties.filter((p) => p.name !== 'resource' && p.name !== 'authentication')) {
			const show = property.displayOptions?.show;
			const resources = (show?.resource ?? []) as string[];
			expect(resources.length).toBeGreaterThan(0);
			if (property.name === 'operation') continue;
			expect(show?.operation?.length).toBeGreaterThan(0);
			for (const operation of show?.operation ?? []) {
				expect([property.name, operation, resources.some((resource) => OPERATIONS[resource].includes(String(operation)))]).toEqual([property.name, operation, true]);
			}
		}
	});

	test('each parameter that can hold an expression is declared once per node version (n8n evaluates every declaration per item)', () => {
		const counts = new Map<string, number>();
		for (const property of properties) counts.set(property.name, (counts.get(property.name) ?? 0) + 1);
		const repeated = [...counts].filter(([, count]) => count > 1).map(([name]) => name);
		// version 2's fields have names of their own (a name declared twice costs its expression twice, in every
		// version); only its Number Prefix is declared per document and resource: INV-, EST-, and Convert to Invoice's
		const perVersion = ['sequencePrefix'];
		expect(repeated.sort()).toEqual(['itemsMode', 'operation', 'sequencePrefix']);
		// 58 declarations before version 2, Export E-Invoice's Buyer Fields, and version 2's 8 and Send's Re-Send Window
		expect(properties.length).toBe(58 + 1 + 8 + 1);
		for (const property of properties.filter((p) => repeated.includes(p.name) && !perVersion.includes(p.name))) {
			expect([property.name, property.noDataExpression]).toEqual([property.name, true]);
		}
		for (const property of properties.filter((p) => perVersion.includes(p.name))) expect([property.name, property.displayOptions?.show?.['@version']]).toEqual([property.name, [2]]);
	});

	test('no two visible parameters share a name for the same resource and operation', () => {
		const seen = new Set<string>();
		for (const property of properties) {
			const show = property.displayOptions?.show;
			for (const resource of (show?.resource as string[]) ?? ['*']) {
				for (const operation of (show?.operation as string[]) ?? ['*']) {
					const extra = JSON.stringify({ ...show, resource: undefined, operation: undefined });
					const key = `${resource}/${operation}/${property.name}/${extra}`;
					expect(seen.has(key)).toBe(false);
					seen.add(key);
				}
			}
		}
	});

	// one exception, as people fill a document in: Due Date right after Issue Date (issue 18)
	const sortsAs = (o: { name: string; displayName?: string }) => (o.name === 'dueDate' ? 'Issue Date 2' : (o.displayName ?? o.name));
	function sortedByName(list: Array<{ name: string; displayName?: string }>): boolean {
		const names = list.map(sortsAs);
		return names.every((name, i) => i === 0 || names[i - 1].localeCompare(name) <= 0);
	}

	test('option lists and collection fields are sorted alphabetically (n8n rule), due date after issue date, Resource by use', () => {
		const visit = (list: Array<INodeProperties | INodePropertyOptions | INodePropertyCollection>) => {
			for (const entry of list) {
				const property = entry as INodeProperties;
				// Resource: fewer than five options, which n8n's rule leaves in the order given (Invoice first)
				if (property.type === 'options' && property.options && property.name !== 'resource') expect([property.name, sortedByName(property.options as INodePropertyOptions[])]).toEqual([property.name, true]);
				if (property.type === 'collection' && property.options) {
					expect([property.name, sortedByName(property.options as INodeProperties[])]).toEqual([property.name, true]);
					visit(property.options as INodeProperties[]);
				}
			}
		};
		visit(properties);
	});

	test('required fields of creates are top-level; optional ones sit in Additional Fields', () => {
		const inVersion = (p: INodeProperties, version: number) => (p.displayOptions?.show?.['@version'] ?? [version]).includes(version);
		const createOf = (resource: string, version = 1) =>
			properties.filter((p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes('create') && inVersion(p, version));
		const required = (resource: string, version = 1) => createOf(resource, version).filter((p) => p.required).map((p) => p.name);
		expect(required('client')).toEqual(['names']);
		expect(required('expense')).toEqual(['description', 'issueDate', 'amount', 'currency']);
		expect(required('invoice')).toEqual(['client', 'invoiceNo', 'paymentStatus']);
		expect(required('estimate')).toEqual(['client', 'estimateNo']);
		// version 2: Currency of invoices and estimates too (Number Prefix shows, required, with Next in Sequence)
		expect(required('invoice', 2)).toEqual(['sequencePrefix', 'client', 'invoiceNo', 'paymentStatus', 'currencyCode']);
		expect(required('estimate', 2)).toEqual(['sequencePrefix', 'client', 'estimateNo', 'currencyCode']);
		for (const resource of Object.keys(OPERATIONS)) expect(createOf(resource).map((p) => p.name)).toContain('additionalFields');
	});

	test('record ids are resource locators with a searchable list, an id mode, and By Number / By E-mail where the record has one', () => {
		const locators = properties.filter((p) => p.type === 'resourceLocator');
		expect(new Set(locators.map((p) => p.name))).toEqual(new Set(['clientId', 'expenseId', 'invoiceId', 'estimateId', 'client', 'fromEstimate']));
		const third: Record<string, string[]> = { clientId: ['email', 'E-mail'], client: ['email', 'E-mail'], invoiceId: ['number', 'Number'], estimateId: ['number', 'Number'], fromEstimate: ['number', 'Number'] };
		for (const locator of locators) {
			const key = third[locator.name];
			expect(locator.modes?.map((m) => m.name)).toEqual(key ? ['list', 'id', key[0]] : ['list', 'id']);
			if (key) expect(locator.modes?.[2]).toEqual(expect.objectContaining({ name: key[0], displayName: key[1], type: 'string' }));
			const method = locator.modes?.[0].typeOptions?.searchListMethod as string;
			expect(Object.keys(new Invoicing().methods.listSearch)).toContain(method);
		}
	});
});

describe('credential description', () => {
	const credential = new InvoicingApi();

	test('base URL required, API key a password, header name defaulting to Authorization', () => {
		expect(credential.name).toBe('invoicingApi');
		expect(credential.properties.map((p) => [p.name, p.required ?? false, p.typeOptions?.password ?? false, p.default])).toEqual([
			['baseUrl', true, false, ''],
			['apiKey', false, true, ''],
			['headerName', false, false, 'Authorization'],
		]);
	});

	type Request = { url: string; baseURL?: string; headers: Record<string, string> };
	const authenticate = (data: Record<string, string>, request: Request) =>
		(credential.authenticate as (c: typeof data, r: Request) => Promise<Request>)(data, request);

	test('authenticate: Bearer key under Authorization, the bare key under another header, no header without a key', async () => {
		const request = { url: '/client/all', headers: { Accept: 'application/json' } };
		const base = 'http://127.0.0.1:4010/v1';
		const run = (data: Record<string, string>) => authenticate({ baseUrl: `${base}/`, ...data }, request);
		expect(await run({ apiKey: 'k1', headerName: 'Authorization' })).toEqual({ ...request, baseURL: base, headers: { Accept: 'application/json', Authorization: 'Bearer k1' } });
		expect((await run({ apiKey: 'k1', headerName: ' X-API-Key ' })).headers).toEqual({ Accept: 'application/json', 'X-API-Key': 'k1' });
		expect((await run({ apiKey: 'k1', headerName: '' })).headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer k1' });
		expect(await run({ apiKey: '', headerName: 'Authorization' })).toEqual({ ...request, baseURL: base });
		expect(request.headers).toEqual({ Accept: 'application/json' });
	});

	test('authenticate: the Base URL goes to requests without one (slashes trimmed), must end in /v1, and never replaces a given one', async () => {
		const request = { url: '/client/all', headers: {} };
		expect((await authenticate({ baseUrl: 'https://books.example/v1///' }, request)).baseURL).toBe('https://books.example/v1');
		expect((await authenticate({ baseUrl: 'https://books.example/v1' }, { ...request, baseURL: 'http://127.0.0.1:9/v1' })).baseURL).toBe('http://127.0.0.1:9/v1');
		await expect(authenticate({ baseUrl: 'https://books.example' }, request)).rejects.toMatchObject({
			message: 'The Base URL of the Invoicing credential must end in /v1, got "https://books.example"',
			description: 'Edit the credential: for example https://invoicing.example.com/v1',
		});
	});

	test('a test request of GET /client/all with status-code rules (their messages: credential-test.test.ts)', () => {
		expect(credential.test.request).toEqual({ baseURL: '={{ String($credentials.baseUrl).replace(/\\/+$/, "") }}', url: '/client/all' });
		expect(credential.test.rules?.map((rule) => rule.type)).toEqual(['responseCode', 'responseCode', 'responseCode']);
	});
});
