import fc from 'fast-check';

import type { INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import { createFromEstimateFields } from '../../nodes/Invoicing/resources/invoice/createFromEstimate.operation';
import { numberingFields } from '../../nodes/Invoicing/resources/numbering-fields';
import { RESOURCE_SPECS } from '../../nodes/Invoicing/resources/resources';
import { scenarioArbitrary } from './model';
import { FROM_ESTIMATE, NUMBERED, OPERATIONS, WRITES } from './operations';
import { parametersOf } from './run-scenario';

/** Issue 34, item 9: the scenarios draw every write the node has; a new write operation fails here until they do. */
const writesOfTheNode = RESOURCE_SPECS.flatMap((resource) =>
	resource.operations.filter((o) => o.method !== 'GET' || o.guarded || o.repeat !== 'read').map((o) => `${resource.value}.${o.value}`),
).sort();

const modelled = WRITES.map((operation) => OPERATIONS[operation].join('.')).sort();

test('the model lists every write operation of the node (POST, PUT, DELETE, guarded, or not a read)', () => {
	expect(modelled).toEqual(writesOfTheNode);
});

test('the scenarios draw every write operation, in chains and at once, with both numbering modes', () => {
	const sample = fc.sample(scenarioArbitrary, { seed: 34, numRuns: 3_000 });
	const steps = new Set(sample.flatMap((s) => [s.operation, ...s.chain]));
	expect(WRITES.filter((o) => !steps.has(o))).toEqual([]);
	for (const operation of NUMBERED) {
		for (const numbering of ['given', 'next'] as const) expect(sample.some((s) => s.operation === operation && s.settings.numbering === numbering)).toBe(true);
	}
	for (const operation of FROM_ESTIMATE) {
		expect(sample.some((s) => s.operation === operation && s.settings.markAccepted)).toBe(true);
		expect(sample.some((s) => s.operation === operation && !s.settings.markAccepted)).toBe(true);
	}
	expect(new Set(sample.map((s) => s.executions))).toEqual(new Set([1, 2, 3, 4]));
	expect(sample.some((s) => s.executions > 1 && s.twins)).toBe(true);
	expect(sample.some((s) => s.chain.length === 2)).toBe(true);
	expect(sample.some((s) => new Set(s.items).size < s.items.length)).toBe(true);
});

/**
 * Issue 43: how a re-run is recognised is drawn whole: every parameter of Numbering (the Re-Run Key and where it is
 * written among them) and If Estimate Already Invoiced, each option value, the key given and left empty, equal and
 * different across executions, re-runs after the executions and Create From Estimate re-runs with other dates. A
 * parameter added to them fails here until the model draws it.
 */
test('the scenarios draw every parameter of re-runs: each numbering parameter and option value, keys equal and different, re-runs with other dates', () => {
	const sample = fc.sample(scenarioArbitrary, { seed: 43, numRuns: 10_000 });
	const ifInvoiced = createFromEstimateFields.filter((field) => field.name === 'ifEstimateInvoiced');
	expect(ifInvoiced).toHaveLength(1);
	for (const operation of NUMBERED) {
		const sent = sample.filter((s) => s.operation === operation).map((s) => parametersOf(s));
		// the scenarios run version 1 nodes; version 2's Number Prefix is the same pattern under a name of its own
		// (test/engine/version-2-forms.test.ts)
		const inVersion1 = numberingFields('invoice').filter((field) => field.displayOptions?.show?.['@version']?.includes(1) ?? true);
		const fields = [...inVersion1, ...(FROM_ESTIMATE.includes(operation) ? ifInvoiced : [])];
		for (const field of fields) {
			expect([operation, field.name, sent.some((parameters) => parameters[field.name] !== undefined)]).toEqual([operation, field.name, true]);
			const values = (field.options ?? []).map((option) => (option as INodePropertyOptions).value);
			const drawn = new Set(sent.map((parameters: INodeParameters) => parameters[field.name] ?? field.default));
			for (const value of values) expect([operation, field.name, value, drawn.has(value)]).toEqual([operation, field.name, value, true]);
		}
		const keyed = sample.filter((s) => s.operation === operation && s.settings.numbering === 'next');
		expect([operation, 'no key', keyed.some((s) => s.settings.rerunKey === undefined)]).toEqual([operation, 'no key', true]);
		for (const across of ['same', 'different'] as const) {
			expect([operation, across, 'at once', keyed.some((s) => s.settings.rerunKey?.across === across && s.executions > 1 && !s.twins)]).toEqual([operation, across, 'at once', true]);
			expect([operation, across, 'again', keyed.some((s) => s.settings.rerunKey?.across === across && s.again)]).toEqual([operation, across, 'again', true]);
		}
	}
	for (const operation of FROM_ESTIMATE) {
		const drawn = sample.some((s) => s.operation === operation && s.settings.numbering === 'next' && s.settings.datesPerRun && s.again && s.settings.ifEstimateInvoiced === undefined);
		expect([operation, 'other dates, again', drawn]).toEqual([operation, 'other dates, again', true]);
	}
});
