import { NodeHelpers, type IExecuteSingleFunctions, type INodeParameters, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';

import { RESOURCE_SPECS } from '../../nodes/Invoicing/resources/resources';
import type { OperationSpec, ResourceSpec } from '../../nodes/Invoicing/resources/types';
import { failureLabel, operationLabel, uncertainWriteNote } from '../../nodes/Invoicing/helpers/errors/failure-labels';
import { CLEARABLE, ENCODING, ENVELOPE, RECORD_ID, REQUIRED_ON_UPDATE, RESOURCE_FIELDS } from '../../nodes/Invoicing/helpers/input/field-specs';
import { SIMPLE_FIELDS } from '../../nodes/Invoicing/helpers/output/simplify';
import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';

/**
 * The resource specs (descriptions/<resource>/<Resource>.resource.ts) are the single source of every
 * operation's and field's facts: what the editor shows, the API mapping, the failure labels, the write notes,
 * the record-id and row-key tables and the subtitle are derived from them. These tests prove that the derived
 * tables and the editor agree with the specs, and pin the facts a saved workflow or a retry depends on.
 */
const node = new Invoicing();
const { description } = node;
const pairs = RESOURCE_SPECS.flatMap((resource) => resource.operations.map((operation) => ({ resource, operation })));
const name = ({ resource, operation }: { resource: ResourceSpec; operation: OperationSpec }) => `${resource.value} ${operation.value}`;

/** The top-level parameters the editor shows for a resource and operation. */
function visible(resource: string, operation: string): INodeProperties[] {
	const values = NodeHelpers.getNodeParameters(description.properties, { resource, operation }, true, false, null, description) as INodeParameters;
	return description.properties
		.filter((p) => p.name !== 'resource' && p.name !== 'operation')
		.filter((p) => NodeHelpers.displayParameter(values, p, null, description, values));
}

/** The options of a collection the editor shows for a resource. */
function collectionOptions(collection: string, resource: string): INodeProperties[] {
	const property = description.properties.find((p) => p.name === collection) as INodeProperties;
	return (property.options as INodeProperties[]).filter((option) => ((option.displayOptions?.show?.['/resource'] as string[]) ?? []).includes(resource));
}

/** An item's context as the failure labels read it: the node's parameters, item 1. */
function itemContext(parameters: Record<string, unknown>): IExecuteSingleFunctions {
	const context = {
		getNodeParameter: (parameter: string, fallback?: unknown) => (parameter in parameters ? parameters[parameter] : fallback),
		getItemIndex: () => 0,
	};
	return context as unknown as IExecuteSingleFunctions;
}

describe('the editor shows each operation as its spec describes it', () => {
	test.each(pairs.map((pair) => [name(pair), pair] as const))('%s: menu entry, request, routing', (_name, { resource, operation }) => {
		const property = description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value));
		const option = (property?.options as INodePropertyOptions[]).find((candidate) => candidate.value === operation.value);
		expect(option).toMatchObject({ name: operation.name, action: operation.action, description: operation.description });
		expect(option?.routing?.request).toEqual({ method: operation.method, url: operation.path });
		expect(option?.routing?.send?.paginate).toBe(true);
		const postReceive = option?.routing?.output?.postReceive as Array<{ name: string }>;
		expect(postReceive[0].name).toBe('handleApiErrors');
	});

	test('each resource lists exactly its spec operations, and the Resource parameter exactly the specs', () => {
		const resources = description.properties.find((p) => p.name === 'resource')?.options as INodePropertyOptions[];
		expect(resources.map((r) => [r.name, r.value]).sort()).toEqual(RESOURCE_SPECS.map((r) => [r.displayName, r.value]).sort());
		for (const resource of RESOURCE_SPECS) {
			const property = description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value));
			expect((property?.options as INodePropertyOptions[]).map((o) => o.value).sort()).toEqual(resource.operations.map((o) => o.value).sort());
		}
	});

	test.each(pairs.map((pair) => [name(pair), pair] as const))('%s: canvas subtitle', (_name, { resource, operation }) => {
		const expression = String(description.subtitle).replace(/^=\{\{(.*)\}\}$/s, '$1');
		const evaluate = new Function('$parameter', `return ${expression};`) as (parameter: Record<string, string>) => string;
		expect(evaluate({ resource: resource.value, operation: operation.value })).toBe(`${operation.name}: ${resource.displayName}`);
	});
});

describe('record locators and row keys', () => {
	test.each(pairs.map((pair) => [name(pair), pair] as const))('%s: the locator shows exactly when the operation acts on a record', (_name, { resource, operation }) => {
		const locator = visible(resource.value, operation.value).find((p) => p.name === resource.record.param);
		expect(locator !== undefined).toBe(operation.onRecord);
		expect(RECORD_ID[resource.value]).toEqual({ param: resource.record.param, label: resource.record.label });
		if (!locator) return;
		expect([locator.type, locator.displayName, locator.modes?.[0].typeOptions?.searchListMethod]).toEqual(['resourceLocator', resource.record.label, resource.record.searchMethod]);
		expect(Object.keys(node.methods.listSearch)).toContain(resource.record.searchMethod);
	});

	test.each(pairs.map((pair) => [name(pair), pair] as const))('%s: the failure label names the operation and the row', (_name, { resource, operation }) => {
		const label = operation.messageLabel ?? `${operation.name} ${operation.form === 'list' ? resource.plural : resource.displayName}`;
		const base = { resource: resource.value, operation: operation.value };
		expect(operationLabel(itemContext(base))).toBe(label);
		expect(failureLabel(itemContext(base))).toBe(`${label} (item 0)`);
		if (operation.onRecord) {
			expect(failureLabel(itemContext({ ...base, [resource.record.param]: ' 17 ' }))).toBe(`${label} "17" (item 0)`);
		} else if (operation.form === 'create') {
			// the first key field of the spec that is set names the row, wherever the form shows it
			const [first, ...others] = resource.createdRowKey.map((param) => resource.fields.find((field) => field.editor.name === param));
			for (const field of [first, ...others]) expect(field).toBeDefined();
			const set = (param: string, value: string) =>
				resource.fields.find((field) => field.editor.name === param)?.role === 'optional' ? { additionalFields: { [param]: value } } : { [param]: value };
			const all = Object.assign({}, ...resource.createdRowKey.map((param) => set(param, `${param}-value`)));
			expect(failureLabel(itemContext({ ...base, ...all }))).toBe(`${label} "${resource.createdRowKey[0]}-value" (item 0)`);
		}
	});

	test('labels read as a sentence: "Create Invoice From Estimate", not "Create From Estimate Invoice" (issue 35)', () => {
		const base = { resource: 'invoice', operation: 'createFromEstimate' };
		expect(failureLabel(itemContext(base))).toBe('Create Invoice From Estimate (item 0)');
		expect(failureLabel(itemContext({ ...base, invoiceNo: 'INV-12' }))).toBe('Create Invoice From Estimate "INV-12" (item 0)');
	});

	test('the estimate side reads the same way, naming the estimate it converts: "Convert Estimate to Invoice" (issue 35)', () => {
		const base = { resource: 'estimate', operation: 'convertToInvoice' };
		expect(failureLabel(itemContext(base))).toBe('Convert Estimate to Invoice (item 0)');
		expect(failureLabel(itemContext({ ...base, estimateId: 'EST-12' }))).toBe('Convert Estimate to Invoice "EST-12" (item 0)');
	});
});

describe('what a repeat does, and which operations are guarded', () => {
	test('the write note follows the spec: none for reads, "same result" for harmless repeats, "twice" otherwise', () => {
		for (const { resource, operation } of pairs) {
			const note = uncertainWriteNote(itemContext({ resource: resource.value, operation: operation.value }));
			const label = operation.messageLabel ?? `${operation.name} ${operation.form === 'list' ? resource.plural : resource.displayName}`;
			const expected = {
				read: undefined,
				harmless: `The service may have applied this ${label} before the failure; running it again gives the same result.`,
				twice: `The service may have applied this ${label} before the failure. Check the record before running it again: a retry (including n8n's Retry On Fail) can apply it twice.`,
			}[operation.repeat];
			expect([name({ resource, operation }), note]).toEqual([name({ resource, operation }), expected]);
		}
	});

	test('the facts retries depend on (pinned: changing one is a decision, not an accident)', () => {
		const by = (pick: (operation: OperationSpec) => boolean) => pairs.filter(({ operation }) => pick(operation)).map(name).sort();
		expect(by((o) => o.repeat === 'twice')).toEqual(
			['client create', 'estimate convertToInvoice', 'estimate create', 'estimate send', 'expense create', 'invoice create', 'invoice createFromEstimate', 'invoice recordPayment', 'invoice send'].sort(),
		);
		expect(by((o) => o.repeat === 'read')).toEqual(
			['client get', 'client getAll', 'estimate get', 'estimate getAll', 'expense get', 'expense getAll', 'invoice exportEInvoice', 'invoice get', 'invoice getAll'].sort(),
		);
		// an operation that applies twice on a repeat is guarded, unless its record has no key to recognise it by
		expect(by((o) => o.repeat === 'twice' && !o.guarded)).toEqual(['expense create']);
		expect(by((o) => o.guarded)).toEqual(
			[
				'client create',
				'client upsert',
				'estimate convertToInvoice',
				'estimate create',
				'estimate send',
				'estimate upsert',
				'invoice create',
				'invoice createFromEstimate',
				'invoice recordPayment',
				'invoice send',
				'invoice upsert',
			].sort(),
		);
	});

	test.each(pairs.filter(({ operation }) => operation.value === 'create').map((pair) => [name(pair), pair] as const))(
		'%s: a guarded create has the duplicate guard and If Already Exists, an unguarded one neither',
		(_name, { resource, operation }) => {
			expect([operation.preSend, operation.postReceive]).toEqual(operation.guarded ? ['guardedCreate', 'write'] : ['create', 'record']);
			expect(visible(resource.value, 'create').some((p) => p.name === 'ifExists')).toBe(operation.guarded);
		},
	);
});

describe('fields: the API mapping and the editor come from the same entries', () => {
	test('every locator (field or filter) names the resource it picks, whose key gives the locator its By-key mode', () => {
		const locators = RESOURCE_SPECS.flatMap((resource) => [
			...resource.fields.filter((field) => field.kind === 'locator').map((field) => ({ editor: field.editor, picks: field.picks })),
			...resource.filters.flatMap(({ editor, test }) => (test.kind === 'sameId' ? [{ editor, picks: test.picks }] : [])),
		]);
		expect(locators.length).toBeGreaterThan(0);
		for (const { editor, picks } of locators) {
			const picked = RESOURCE_SPECS.find((candidate) => candidate.value === picks);
			expect([editor.name, picked?.value]).toEqual([editor.name, picks]);
			const modes = (editor.modes ?? []).map((mode) => mode.name);
			expect([editor.name, modes]).toEqual([editor.name, ['list', 'id', ...(picked?.record.key ? [picked.record.key.mode] : [])]]);
		}
	});

	test.each(RESOURCE_SPECS.map((resource) => [resource.value, resource] as const))('%s', (_name, resource) => {
		const fields = RESOURCE_FIELDS[resource.value];
		const required = resource.fields.filter((field) => field.role === 'required');
		const optional = resource.fields.filter((field) => field.role === 'optional');
		const spec = (field: (typeof resource.fields)[number]) => ({ param: field.editor.name, api: field.api, label: field.editor.displayName, kind: field.kind, picks: field.picks });
		expect(fields).toEqual({ required: required.map(spec), optional: optional.map(spec), hasItems: resource.lineItems });
		expect(CLEARABLE[resource.value]).toEqual(resource.fields.filter((field) => field.clearable).map(spec));
		expect(REQUIRED_ON_UPDATE[resource.value]).toEqual({ envelope: resource.envelope, from: Object.fromEntries(required.map((field) => [field.api, field.stored])) });
		for (const field of required) expect([field.api, typeof field.stored]).toEqual([field.api, 'string']);
		expect([ENVELOPE[resource.value], ENCODING[resource.value], SIMPLE_FIELDS[resource.value]]).toEqual([resource.envelope, resource.encoding, resource.simpleFields]);

		const sortedNames = (list: INodeProperties[]) => list.map((p) => p.name).sort();
		for (const operation of resource.operations.filter((o) => o.form === 'create')) {
			const shown = visible(resource.value, operation.value);
			const top = shown.filter((p) => required.some((field) => field.editor.name === p.name));
			expect(top.map((p) => [p.name, p.displayName, p.required])).toEqual(required.map((field) => [field.editor.name, field.editor.displayName, true]));
			expect(shown.some((p) => p.name === 'itemsMode')).toBe(resource.lineItems);
		}
		expect(sortedNames(collectionOptions('additionalFields', resource.value))).toEqual(optional.map((field) => field.editor.name).sort());
		expect(sortedNames(collectionOptions('updateFields', resource.value))).toEqual(resource.fields.map((field) => field.editor.name).sort());
		expect(sortedNames(collectionOptions('clearFields', resource.value))).toEqual(CLEARABLE[resource.value].map((field) => field.param).sort());
		expect(sortedNames(collectionOptions('filters', resource.value))).toEqual(sortedNames(resource.filters.map((filter) => filter.editor)));
		for (const option of collectionOptions('updateFields', resource.value)) {
			expect(option.displayName).toBe(resource.fields.find((field) => field.editor.name === option.name)?.editor.displayName);
		}
	});

	test('the list searches are the specs\' record locators: one per resource, under the name its locator gives', () => {
		expect(Object.keys(node.methods.listSearch).sort()).toEqual(RESOURCE_SPECS.map((r) => r.record.searchMethod).sort());
	});
});
