import { WorkflowExecute } from 'n8n-core';
import { createRunExecutionData, type INode } from 'n8n-workflow';

import { useEngineFixture } from './fixture';
import { createTestWorkflow } from './harness/run-node';

const ctx = useEngineFixture();

/**
 * n8n's Retry On Fail with this (declarative) node, as n8n-core 2.40.3 runs it: two Create Client items, the
 * first refused by the service every time (a bad e-mail), up to 2 tries.
 */
async function createTwoClients(onError: INode['onError'], ifExists = 'create') {
	const { workflow, node, additionalData } = createTestWorkflow({
		parameters: { resource: 'client', operation: 'create', names: '={{ $json.name }}', additionalFields: { email: '={{ $json.email }}' }, ifExists },
		credentials: ctx.credentials,
	});
	Object.assign(node, { onError, retryOnFail: true, maxTries: 2, waitBetweenTries: 10 });
	const items = [{ json: { name: 'A', email: 'not-an-address' } }, { json: { name: 'B', email: 'b@example.com' } }];
	ctx.sandbox.clearRequests();
	const run = await new WorkflowExecute(additionalData, 'manual', createRunExecutionData({ executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] } })).processRunExecutionData(workflow);
	return {
		requests: ctx.sandbox
			.requests()
			.filter((r) => r.method === 'POST')
			.map((r) => `${String(r.query.names)} ${r.status}`)
			.sort(),
		stored: ctx.sandbox.state().clients.map((c) => c.names),
		error: run.data.resultData.error?.message,
	};
}

describe('Retry On Fail with this node (facts of n8n-core 2.40.3, for the README)', () => {
	test.each(['continueRegularOutput', 'continueErrorOutput'] as const)(
		'On Error = %s: not retried, even though the first item failed',
		async (onError) => {
			// the engine checks json.error of the first output item before it copies a declarative node's item.error there
			expect(await createTwoClients(onError)).toEqual({ requests: ['A 400', 'B 200'], stored: ['B'], error: undefined });
		},
	);

	test('On Error = stop, If Already Exists = Create Anyway: the whole node runs again, so the item that succeeded is created twice', async () => {
		expect(await createTwoClients('stopWorkflow')).toEqual({
			requests: ['A 400', 'A 400', 'B 200', 'B 200'],
			stored: ['B', 'B'],
			error: 'Create Client "not-an-address" (item 0) failed (HTTP 400): Parameter "email" must be an e-mail address, got "not-an-address".',
		});
	});

	test('On Error = stop with the default duplicate guard: the re-run finds the client it created and returns it', async () => {
		expect(await createTwoClients('stopWorkflow', 'returnIdentical')).toEqual({
			requests: ['A 400', 'A 400', 'B 200'],
			stored: ['B'],
			error: 'Create Client "not-an-address" (item 0) failed (HTTP 400): Parameter "email" must be an e-mail address, got "not-an-address".',
		});
	});
});
