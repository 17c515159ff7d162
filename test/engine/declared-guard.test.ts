import type { INodeParameters } from 'n8n-workflow';

import type { ResourceEntry } from '../../nodes/Invoicing/resources/types';
import { useEngineFixture } from './fixture';
import { runNode } from './harness/run-node';

/**
 * A write operation made safe by its declaration alone (docs/design.md, "The write path"): Create Expense, which the
 * node ships unguarded (an expense has no key), is declared here as a guarded create keyed on its description:
 * the spec's `match`, the guarded create step, the write shaping and the guard's fields. No guard code is added
 * or changed; the re-run, the retry after a lost answer, twins in one process and twins in two processes then
 * each leave one expense, as every guarded create does.
 */
jest.mock('../../nodes/Invoicing/resources/expense/Expense.resource', () => {
	const { expenseResource } = jest.requireActual<{ expenseResource: ResourceEntry }>('../../nodes/Invoicing/resources/expense/Expense.resource');
	const { SHAPE, STEP } = jest.requireActual('../../nodes/Invoicing/resources/steps');
	const { guardOptionsField, ifExistsField } = jest.requireActual('../../nodes/Invoicing/resources/guard-fields');
	const declared: ResourceEntry = {
		...expenseResource,
		match: { keys: [{ api: 'description', stored: ['description'] }], caseless: false },
		operations: expenseResource.operations.map((operation) =>
			operation.value === 'create'
				? { ...operation, preSend: STEP.guardedCreate, postReceive: SHAPE.write, properties: [ifExistsField, guardOptionsField] }
				: operation,
		),
	};
	return { expenseResource: declared };
});

const ctx = useEngineFixture({ deterministic: false });

const createExpense: INodeParameters = {
	resource: 'expense',
	operation: 'create',
	description: 'Train to Lyon, order 5521',
	issueDate: '2026-01-10',
	amount: 84.5,
	currency: 'EUR',
};

const expenses = () => ctx.sandbox.state().expenses.filter((expense) => expense.description === createExpense.description);
const posts = () => ctx.sandbox.requests().filter((request) => request.method === 'POST' && request.path === '/v1/expense/add');

describe('Create Expense declared as a guarded create (key: its description), no guard code of its own', () => {
	test('a re-run finds the expense the first run made: one expense, the second run says `existing`', async () => {
		const first = await ctx.run(createExpense);
		const second = await ctx.run(createExpense);
		expect(expenses()).toHaveLength(1);
		expect([first.items[0].json.action, second.items[0].json.action]).toEqual(['created', 'existing']);
		expect(second.items[0].json.id).toBe(first.items[0].json.id);
		// the re-run looked and wrote nothing
		expect(posts()).toEqual([]);
	});

	test('Retry On Fail after an answer lost on the way back (applied, then the connection dropped): one expense', async () => {
		ctx.sandbox.injectFault({ kind: 'drop', path: '/v1/expense/add', when: 'after' });
		const result = await ctx.run(createExpense, { retry: { maxTries: 2, waitBetweenTries: 10 } });
		expect(result.error).toBeUndefined();
		expect(expenses()).toHaveLength(1);
		expect(result.items[0].json.action).toBe('existing');
		expect(posts()).toHaveLength(1);
	});

	test('two executions at once in one process: one expense, created once and existing once', async () => {
		ctx.sandbox.setLimits({ serviceTimeMs: 150 });
		try {
			const results = await Promise.all([0, 1].map(() => runNode({ credentials: ctx.credentials, parameters: createExpense, continueOnFail: true })));
			expect(expenses()).toHaveLength(1);
			expect(results.map((result) => result.items[0].json.action).sort()).toEqual(['created', 'existing']);
		} finally {
			ctx.sandbox.setLimits({});
		}
	});

	test('two executions at once in two processes (queue workers): one expense stays, both output it', async () => {
		ctx.sandbox.setLimits({ serviceTimeMs: 150 });
		try {
			const results = await Promise.all([1, 2].map((worker) => runNode({ credentials: ctx.credentials, parameters: createExpense, continueOnFail: true, worker })));
			expect(expenses()).toHaveLength(1);
			expect(results.map((result) => result.items[0].error?.message)).toEqual([undefined, undefined]);
			expect(new Set(results.map((result) => result.items[0].json.id))).toEqual(new Set([expenses()[0].id]));
		} finally {
			ctx.sandbox.setLimits({});
		}
	});
});
