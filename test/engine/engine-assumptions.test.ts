import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	NodeConnectionTypes,
	NodeOperationError,
	Workflow,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IWorkflowBase,
} from 'n8n-workflow';

import { executionMemory } from '../../nodes/Invoicing/engine/execution-memory';
import { ItemMemory } from '../../nodes/Invoicing/engine/item-memory';
import { afterItemLoop, loopScope } from '../../nodes/Invoicing/engine/item-loop';
import {
	engineRequest,
	requestMiddleware,
	THROUGH_MIDDLEWARE,
	type MiddlewareContext,
	type RoutedRequest,
} from '../../nodes/Invoicing/engine/request-middleware';
import { API_KEY, useEngineFixture } from './fixture';
import { TestCredentialsHelper } from './harness/credentials-helper';
import { additionalData } from './harness/run-node';

/**
 * Every bet the node makes on n8n internals lives in nodes/Invoicing/engine/; this file pins each one through
 * n8n-core's real WorkflowExecute, with a probe node that uses nothing but the engine room, so that an n8n upgrade
 * that breaks one fails here, by name, before it shows up as a duplicate write or a lost error elsewhere.
 */

/** What the probe saw, in order. */
interface Seen {
	step: 'preSend' | 'middleware' | 'postReceive';
	item: number;
	/** preSend: items of the loop that had joined when afterItemLoop resolved. */
	joined?: number;
	/** preSend: the loop scope's id; the same object for every item of one run. */
	scope?: number;
	/** middleware, postReceive: what this item's preSend left in item memory. */
	remembered?: number;
	/** middleware: the context's prototype is the item's preSend context. */
	prototypeIsItem?: boolean;
	/** preSend: tries of this execution before this one (execution memory). */
	triesBefore?: number;
	/** preSend: the execution memory lives in the node context. */
	inNodeContext?: boolean;
	/** middleware: the code of the transport failure it caught. */
	caught?: string;
	/** postReceive: its context offers `addExecutionHints` (an execute() node's does). */
	canHint?: boolean;
}

let seen: Seen[] = [];
let scopes = 0;
const remembered = new ItemMemory<{ item: number; ctx: object }>();

async function probePreSend(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const item = this.getItemIndex();
	remembered.set(this, { item, ctx: this });
	const scope = loopScope(this, () => ({ id: ++scopes, joined: 0 }));
	scope.joined += 1;
	const tries = executionMemory<{ count?: number }>(this, 'probeTries');
	const triesBefore = tries.count ?? 0;
	tries.count = triesBefore + 1;
	const inNodeContext = (this.getContext('node') as IDataObject).probeTries === tries;
	await afterItemLoop();
	seen.push({ step: 'preSend', item, joined: scope.joined, scope: scope.id, triesBefore, inNodeContext });
	if (this.getNodeParameter('failFirstTry', false) === true && triesBefore === 0) {
		throw new NodeOperationError(this.getNode(), 'first try fails');
	}
	return options;
}

async function probeMiddleware(this: MiddlewareContext, request: RoutedRequest): Promise<INodeExecutionData[]> {
	const mine = remembered.get(this);
	seen.push({ step: 'middleware', item: this.getItemIndex(), remembered: mine?.item, prototypeIsItem: Object.getPrototypeOf(this) === mine?.ctx });
	try {
		return await engineRequest(this, request);
	} catch (error) {
		seen.push({ step: 'middleware', item: this.getItemIndex(), caught: String((error as { code?: unknown }).code) });
		// a message naming the code would be replaced by n8n's generic text for it
		throw new NodeOperationError(this.getNode(), 'the middleware caught it');
	}
}

async function probePostReceive(this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse): Promise<INodeExecutionData[]> {
	const canHint = typeof (this as unknown as { addExecutionHints?: unknown }).addExecutionHints === 'function';
	seen.push({ step: 'postReceive', item: this.getItemIndex(), remembered: remembered.get(this)?.item, canHint });
	return [{ json: { item: this.getItemIndex(), status: response.statusCode } }];
}

/** A declarative node that uses only the engine room: one operation, its request through the middleware. */
function probeNode(baseURL: string): INodeType {
	return {
		description: {
			displayName: 'Probe',
			name: 'probe',
			group: ['transform'],
			version: 1,
			description: 'Pins the engine assumptions',
			defaults: { name: 'Probe' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			requestDefaults: { baseURL, headers: { authorization: `Bearer ${API_KEY}` }, ignoreHttpStatusErrors: true },
			requestOperations: requestMiddleware(probeMiddleware),
			properties: [
				{ displayName: 'Path', name: 'path', type: 'string', default: '/client/all' },
				{ displayName: 'Fail First Try', name: 'failFirstTry', type: 'boolean', default: false },
				{
					displayName: 'Operation',
					name: 'operation',
					type: 'options',
					noDataExpression: true,
					default: 'probe',
					options: [
						{
							name: 'Probe',
							value: 'probe',
							routing: {
								request: { method: 'GET', url: '={{ $parameter.path }}' },
								send: { preSend: [probePreSend], ...THROUGH_MIDDLEWARE },
								output: { postReceive: [probePostReceive] },
							},
						},
					],
				},
			],
		},
	};
}

// the requests go to the sandbox: any service answering JSON would do
const ctx = useEngineFixture();
let executions = 0;

beforeEach(() => {
	seen = [];
	ctx.sandbox.clearRequests();
});

/** Runs the probe once through WorkflowExecute, as one execution of its own. */
async function runProbe(parameters: IDataObject, itemCount: number, retry = false) {
	const type = probeNode(ctx.sandbox.url);
	const node: INode = {
		id: 'c0ffee00-0000-4000-8000-000000000001',
		name: 'Probe',
		type: 'test.probe',
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		...(retry ? { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 } : {}),
	};
	const nodeTypes: INodeTypes = {
		getByName: () => type,
		getByNameAndVersion: () => type,
		getKnownTypes: () => ({}),
	};
	const executionId = `engine-assumptions-${++executions}`;
	const workflowData = { id: 'probe', name: 'probe', active: false, isArchived: false, nodes: [node], connections: {}, settings: {} } as unknown as IWorkflowBase;
	const workflow = new Workflow({ id: 'probe', name: 'probe', nodes: [node], connections: {}, active: false, nodeTypes, settings: {} });
	const data = { ...additionalData(new TestCredentialsHelper({}), new ExecutionLifecycleHooks('manual', executionId, workflowData)), executionId };
	const items = Array.from({ length: itemCount }, (_, index) => ({ json: { index } }));
	const runData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] } });
	const run = await new WorkflowExecute(data, 'manual', runData).processRunExecutionData(workflow);
	const task = run.data.resultData.runData.Probe?.at(-1);
	return { output: (task?.data?.main?.[0] ?? []).map((item) => item.json), error: (run.data.resultData.error ?? task?.error)?.message, hints: task?.hints ?? [] };
}

const steps = (step: Seen['step']) => seen.filter((entry) => entry.step === step);

describe('engine/request-middleware: n8n\'s pagination hook is the request middleware of every operation', () => {
	test('with send.paginate and a function requestOperations.pagination, each item\'s request goes through it; engineRequest sends it and runs postReceive', async () => {
		const { output, error } = await runProbe({}, 3);
		expect(error).toBeUndefined();
		expect(steps('middleware').map((entry) => entry.item)).toEqual([0, 1, 2]);
		expect(ctx.sandbox.requests().map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(Array(3).fill('GET /v1/client/all 200'));
		expect(output).toEqual([0, 1, 2].map((item) => ({ item, status: 200 })));
	});

	test('a transport failure of the engine\'s request reaches the middleware, before n8n reports it', async () => {
		const { error } = await runProbe({ path: 'http://127.0.0.1:1/refused' }, 1);
		expect(steps('middleware').at(-1)?.caught).toBe('ECONNREFUSED');
		expect(error).toBe('the middleware caught it');
	});
});

describe('engine/item-memory: what an item\'s preSend keeps is found by its middleware and its postReceive', () => {
	test('the middleware\'s context is an object whose prototype is the item\'s context; postReceive gets the item\'s context', async () => {
		await runProbe({}, 2);
		expect(steps('middleware')).toEqual([0, 1].map((item) => ({ step: 'middleware', item, remembered: item, prototypeIsItem: true })));
		expect(steps('postReceive')).toEqual([0, 1].map((item) => ({ step: 'postReceive', item, remembered: item, canHint: false })));
	});
});

describe('engine/item-loop: the items of one run start in one synchronous loop', () => {
	test('every item\'s preSend has started before the first timer (afterItemLoop), and they share one loop scope', async () => {
		await runProbe({}, 5);
		const preSends = steps('preSend');
		expect(preSends.map((entry) => entry.joined)).toEqual([5, 5, 5, 5, 5]);
		expect(new Set(preSends.map((entry) => entry.scope)).size).toBe(1);
	});

	test('the next run of the node gets a new scope', async () => {
		await runProbe({}, 2);
		const first = steps('preSend')[0].scope;
		seen = [];
		await runProbe({}, 2);
		expect(steps('preSend')[0].scope).not.toBe(first);
	});
});

describe('engine/execution-memory: the node context lives as long as the execution, across Retry On Fail', () => {
	test('a retry in the same execution finds what the failed try left; it is kept in getContext(\'node\')', async () => {
		const { output, error } = await runProbe({ failFirstTry: true }, 1, true);
		expect(error).toBeUndefined();
		expect(steps('preSend').map((entry) => [entry.triesBefore, entry.inNodeContext])).toEqual([
			[0, true],
			[1, true],
		]);
		expect(output).toEqual([{ item: 0, status: 200 }]);
	});

	test('another execution starts empty', async () => {
		await runProbe({}, 1);
		await runProbe({}, 1);
		expect(steps('preSend').map((entry) => entry.triesBefore)).toEqual([0, 0]);
	});
});

/**
 * Issue 45 asked for a skipped Send as an n8n execution hint. A declarative node cannot give one: n8n-core runs it
 * through RoutingNode and returns `{ data }` without the context's hints, and its preSend and postReceive steps get
 * an ExecuteSingleContext, which has no `addExecutionHints`. So a skip is said in the item (docs/design.md).
 */
describe('no execution hints from a declarative node: what a skip says stays in its item', () => {
	test('a postReceive cannot add a hint, and the task carries none', async () => {
		const { hints } = await runProbe({}, 2);
		expect(steps('postReceive').map((entry) => entry.canHint)).toEqual([false, false]);
		expect(hints).toEqual([]);
	});
});
