import fc from 'fast-check';

import { RESOURCE_SPECS } from '../../nodes/Invoicing/resources/resources';
import { scenarioArbitrary } from './model';
import { FROM_ESTIMATE, NUMBERED, OPERATIONS, WRITES } from './operations';

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
