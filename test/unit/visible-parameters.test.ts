import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';

const { description } = new Invoicing();

/** The top-level parameters the editor shows for a resource and operation (Line Items left at its default). */
function visible(resource: string, operation: string, set: INodeParameters = {}): string {
	const values = NodeHelpers.getNodeParameters(description.properties, { resource, operation, ...set }, true, false, null, description) as INodeParameters;
	return description.properties
		// a hidden parameter (the credential's `authentication`) is never shown
		.filter((p: INodeProperties) => p.name !== 'resource' && p.name !== 'operation' && p.type !== 'hidden')
		.filter((p) => NodeHelpers.displayParameter(values, p, null, description, values))
		.map((p) => p.name)
		.join(' ');
}

/** Collection options shown for a resource (their `/resource` display rule). */
function collectionOptions(name: string, resource: string): string {
	const collection = description.properties.find((p) => p.name === name) as INodeProperties;
	return (collection.options as INodeProperties[])
		.filter((option) => ((option.displayOptions?.show?.['/resource'] as string[] | undefined) ?? []).includes(resource))
		.map((option) => option.name)
		.join(' ');
}

describe('what the editor shows: each parameter declared once, shown exactly where it belongs', () => {
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
