import { NodeHelpers, type INode, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';

const { description } = new Invoicing();

/** A node of this version, as n8n hands it to the display rules (`@version`). */
const nodeOf = (typeVersion: number): INode => ({ id: 'n', name: 'Invoicing', type: 'n8n-nodes-invoicing.invoicing', typeVersion, position: [0, 0], parameters: {} });

/** The top-level parameters the editor shows for a resource and operation (Line Items left at its default), on a node of this version. */
function visible(resource: string, operation: string, set: INodeParameters = {}, version = 1): string {
	const node = nodeOf(version);
	const values = NodeHelpers.getNodeParameters(description.properties, { resource, operation, ...set }, true, false, node, description) as INodeParameters;
	return description.properties
		// a hidden parameter (the credential's `authentication`) is never shown
		.filter((p: INodeProperties) => p.name !== 'resource' && p.name !== 'operation' && p.type !== 'hidden')
		.filter((p) => NodeHelpers.displayParameter(values, p, node, description, values))
		.map((p) => p.name)
		.join(' ');
}

/** Collection options shown for a resource (their `/resource` display rule) on a node of this version. */
function collectionOptions(name: string, resource: string, version = 1): string {
	const collection = description.properties.find((p) => p.name === name) as INodeProperties;
	return (collection.options as INodeProperties[])
		.filter((option) => ((option.displayOptions?.show?.['/resource'] as string[] | undefined) ?? []).includes(resource))
		.filter((option) => {
			const versions = option.displayOptions?.show?.['@version'];
			return versions === undefined || NodeHelpers.displayParameter({}, { ...option, displayOptions: { show: { '@version': versions } } }, nodeOf(version), description);
		})
		.map((option) => option.name)
		.join(' ');
}

describe('what the editor shows on a version 1 node: each parameter declared once, shown exactly where it belongs', () => {
	test.each([
		['client', 'create', 'names additionalFields ifExists guardOptions rateLimits'],
		['client', 'upsert', 'names additionalFields guardOptions rateLimits'],
		['client', 'get', 'clientId rateLimits'],
		['client', 'update', 'clientId updateFields clearFields rateLimits'],
		['client', 'delete', 'clientId rateLimits'],
		['client', 'getAll', 'returnAll limit filters rateLimits'],
		['expense', 'create', 'description issueDate amount currency additionalFields amountsAsNumbers rateLimits'],
		['expense', 'get', 'expenseId simplify amountsAsNumbers rateLimits'],
		['expense', 'update', 'expenseId updateFields clearFields amountsAsNumbers rateLimits'],
		['expense', 'delete', 'expenseId rateLimits'],
		['expense', 'getAll', 'returnAll limit simplify amountsAsNumbers filters rateLimits'],
		['invoice', 'create', 'numbering client invoiceNo paymentStatus itemsMode items additionalFields ifExists guardOptions amountsAsNumbers rateLimits'],
		['invoice', 'createFromEstimate', 'fromEstimate numbering invoiceNo paymentTermsDays markEstimateAccepted invoiceOverrides rateLimits'],
		['invoice', 'upsert', 'client invoiceNo paymentStatus itemsMode items additionalFields guardOptions existingPaymentStatus amountsAsNumbers rateLimits'],
		['invoice', 'get', 'invoiceId simplify amountsAsNumbers rateLimits'],
		['invoice', 'update', 'invoiceId itemsMode updateFields clearFields amountsAsNumbers rateLimits'],
		['invoice', 'delete', 'invoiceId rateLimits'],
		['invoice', 'send', 'invoiceId email phone sendOptions rateLimits'],
		['invoice', 'recordPayment', 'invoiceId paymentDate amountPaid paymentFields paymentOptions rateLimits'],
		['invoice', 'markPaid', 'invoiceId rateLimits'],
		['invoice', 'markNotPaid', 'invoiceId rateLimits'],
		['invoice', 'getAll', 'returnAll limit simplify amountsAsNumbers filters rateLimits'],
		['estimate', 'convertToInvoice', 'estimateId numbering newInvoiceNo paymentTermsDays markEstimateAccepted invoiceOverrides rateLimits'],
		['estimate', 'create', 'numbering client estimateNo itemsMode items additionalFields ifExists guardOptions amountsAsNumbers rateLimits'],
		['estimate', 'upsert', 'client estimateNo itemsMode items additionalFields guardOptions amountsAsNumbers rateLimits'],
		['estimate', 'get', 'estimateId simplify amountsAsNumbers rateLimits'],
		['estimate', 'update', 'estimateId itemsMode updateFields clearFields amountsAsNumbers rateLimits'],
		['estimate', 'delete', 'estimateId rateLimits'],
		['estimate', 'send', 'estimateId email phone sendOptions rateLimits'],
		['estimate', 'getAll', 'returnAll limit simplify amountsAsNumbers filters rateLimits'],
	])('%s / %s: %s', (resource, operation, expected) => {
		expect(visible(resource, operation)).toBe(expected);
	});

	test.each([
		['additionalFields', 'client', 'address email phone'],
		['additionalFields', 'expense', 'vendor'],
		['additionalFields', 'invoice', 'currency description issueDate dueDate note taxRate'],
		['additionalFields', 'estimate', 'accepted currency description issueDate dueDate note taxRate'],
		['updateFields', 'client', 'address email names phone'],
		['updateFields', 'expense', 'amount currency description issueDate vendor'],
		['updateFields', 'invoice', 'client currency description invoiceNo issueDate dueDate note paymentStatus taxRate'],
		['updateFields', 'estimate', 'accepted client currency description estimateNo issueDate dueDate note taxRate'],
		['clearFields', 'client', 'address email phone'],
		['clearFields', 'expense', 'vendor'],
		['clearFields', 'invoice', 'description note'],
		['clearFields', 'estimate', 'description note'],
		['filters', 'client', 'email search'],
		['filters', 'expense', 'currency issueDateFrom issueDateTo vendor'],
		['filters', 'invoice', 'client dueDateFrom dueDateTo invoiceNo issueDateFrom issueDateTo overdueOnly paymentStatus'],
		['filters', 'estimate', 'accepted client estimateNo'],
	])('%s of %s: %s', (collection, resource, expected) => {
		expect(collectionOptions(collection, resource)).toBe(expected);
	});
});

test.each([
	['invoice', 'create', 'numbering numberPrefix numberDigits rerunKey rerunKeyField client paymentStatus itemsMode items additionalFields ifExists guardOptions amountsAsNumbers rateLimits'],
	['estimate', 'create', 'numbering numberPrefix numberDigits rerunKey rerunKeyField client itemsMode items additionalFields ifExists guardOptions amountsAsNumbers rateLimits'],
	['invoice', 'createFromEstimate', 'fromEstimate numbering numberPrefix numberDigits rerunKey rerunKeyField paymentTermsDays markEstimateAccepted ifEstimateInvoiced invoiceOverrides rateLimits'],
	['estimate', 'convertToInvoice', 'estimateId numbering numberPrefix numberDigits rerunKey rerunKeyField paymentTermsDays markEstimateAccepted ifEstimateInvoiced invoiceOverrides rateLimits'],
])('Next in Sequence: %s / %s shows the pattern instead of the number: %s', (resource, operation, expected) => {
	expect(visible(resource, operation, { numbering: 'next' })).toBe(expected);
});

describe('canvas subtitle', () => {
	const evaluate = (resource: string, operation: string) => {
		const expression = String(description.subtitle).replace(/^=\{\{(.*)\}\}$/s, '$1');
		return (new Function('$parameter', `return ${expression};`) as (parameter: Record<string, string>) => string)({ resource, operation });
	};

	test('names every operation of every resource by its display name', () => {
		for (const property of description.properties.filter((p) => p.name === 'operation')) {
			const resource = String(property.displayOptions?.show?.resource?.[0]);
			for (const option of property.options as Array<{ name: string; value: string }>) {
				expect(evaluate(resource, option.value)).toBe(`${option.name}: ${resource.charAt(0).toUpperCase()}${resource.slice(1)}`);
			}
		}
	});

	test.each([
		['invoice', 'recordPayment', 'Record Payment: Invoice'],
		['client', 'upsert', 'Create or Update: Client'],
		['expense', 'getAll', 'Get Many: Expense'],
	])('%s / %s reads "%s"', (resource, operation, expected) => {
		expect(evaluate(resource, operation)).toBe(expected);
	});
});

describe('what the editor shows on a version 2 node: what differs from version 1', () => {
	test.each([
		['invoice', 'create', {}, 'numbering client invoiceNo paymentStatus currencyCode itemsMode items additionalFields ifExists guardOptions rateLimits'],
		['invoice', 'upsert', {}, 'client invoiceNo paymentStatus currencyCode itemsMode items additionalFields guardOptions existingPaymentStatus rateLimits'],
		['estimate', 'create', {}, 'numbering client estimateNo currencyCode itemsMode items additionalFields ifExists guardOptions rateLimits'],
		['estimate', 'upsert', {}, 'client estimateNo currencyCode itemsMode items additionalFields guardOptions rateLimits'],
		['invoice', 'recordPayment', {}, 'invoiceId paymentDay paymentAmount paymentFields paymentOptions rateLimits'],
		['invoice', 'recordPayment', { paymentAmount: 'given' }, 'invoiceId paymentDay paymentAmount amountReceived paymentFields paymentOptions rateLimits'],
		['invoice', 'get', {}, 'invoiceId simplify rateLimits'],
		['expense', 'getAll', {}, 'returnAll limit simplify filters rateLimits'],
		['invoice', 'create', { numbering: 'next' }, 'numbering sequencePrefix numberDigits rerunKey rerunKeyField client paymentStatus currencyCode itemsMode items additionalFields ifExists guardOptions rateLimits'],
		['estimate', 'convertToInvoice', { numbering: 'next' }, 'estimateId numbering sequencePrefix numberDigits rerunKey rerunKeyField termsDays markEstimateAccepted ifEstimateInvoiced invoiceOverrides rateLimits'],
	])('%s / %s with %j: %s', (resource, operation, set, expected) => {
		expect(visible(resource, operation, set, 2)).toBe(expected);
	});

	test.each([
		['invoice', 'description issueDate dueDate note taxRate'],
		['estimate', 'accepted description issueDate dueDate note taxRate'],
		['expense', 'vendor'],
	])('Additional Fields of %s: Currency is a field of its own: %s', (resource, expected) => {
		expect(collectionOptions('additionalFields', resource, 2)).toBe(expected);
	});

	test.each([
		['invoice', 'create', 'INV-'],
		['invoice', 'createFromEstimate', 'INV-'],
		['estimate', 'convertToInvoice', 'INV-'],
		['estimate', 'create', 'EST-'],
	])('Number Prefix of %s / %s starts as %s, and is required', (resource, operation, prefix) => {
		const node = nodeOf(2);
		const set = { resource, operation, numbering: 'next' };
		const values = NodeHelpers.getNodeParameters(description.properties, set, true, false, node, description) as INodeParameters;
		expect(values.sequencePrefix).toBe(prefix);
		expect(values).not.toHaveProperty('numberPrefix');
		const shown = description.properties.filter((p) => p.name === 'sequencePrefix' && NodeHelpers.displayParameter(values, p, node, description, values));
		expect(shown.map((p) => [p.default, p.required])).toEqual([[prefix, true]]);
	});

	test('defaults of version 2, under names of its own: Payment Date today, Amount the outstanding balance, Payment Terms 0 days; version 1 keeps its', () => {
		const defaults = (version: number, resource: string, operation: string) =>
			NodeHelpers.getNodeParameters(description.properties, { resource, operation }, true, false, nodeOf(version), description) as INodeParameters;
		expect(defaults(2, 'invoice', 'recordPayment')).toEqual(expect.objectContaining({ paymentDay: '={{ $today }}', paymentAmount: 'balance' }));
		expect(defaults(1, 'invoice', 'recordPayment')).toEqual(expect.objectContaining({ paymentDate: '', amountPaid: 0 }));
		// version 2's names never reach a version 1 node, and version 1's none of version 2
		for (const name of ['paymentAmount', 'paymentDay', 'amountReceived']) expect(defaults(1, 'invoice', 'recordPayment')).not.toHaveProperty(name);
		for (const name of ['paymentDate', 'amountPaid']) expect(defaults(2, 'invoice', 'recordPayment')).not.toHaveProperty(name);
		expect(defaults(2, 'invoice', 'createFromEstimate')).toEqual(expect.objectContaining({ termsDays: 0 }));
		expect(defaults(2, 'invoice', 'createFromEstimate')).not.toHaveProperty('paymentTermsDays');
		expect(defaults(1, 'invoice', 'createFromEstimate')).toEqual(expect.objectContaining({ paymentTermsDays: 30 }));
		expect(defaults(1, 'invoice', 'create')).not.toHaveProperty('currencyCode');
		expect(defaults(2, 'invoice', 'create').currencyCode).toBe('');
	});
});
