import { DirectoryLoader, ExecuteContext, ExecutionLifecycleHooks, RoutingNode } from 'n8n-core';
import { createRunExecutionData, Workflow, type ICredentialDataDecryptedObject, type INode, type INodeType, type IWorkflowBase } from 'n8n-workflow';

import { InvoicingApi } from '../../../credentials/InvoicingApi.credentials';
import { TestCredentialsHelper } from './credentials-helper';
import { additionalData } from './run-node';

/** What n8n's credential Test button shows, and the error the test request threw (if any). */
export interface CredentialTestOutcome {
	status: 'OK' | 'Error';
	message: string;
	error?: unknown;
}

/**
 * The credential's Test as n8n runs it (CredentialsTester in n8n's cli, 2.40): a copy of a node whose one
 * property routes the credential's test request, run by n8n-core's RoutingNode with the decrypted credential;
 * a failure becomes the rule's message for its HTTP status, else the status text, else the cause's code, else
 * the error's message.
 */
export async function testCredential(data: ICredentialDataDecryptedObject): Promise<CredentialTestOutcome> {
	const credential = new InvoicingApi();
	const nodeType: INodeType = {
		description: {
			displayName: 'Temp',
			name: 'temp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Temp-Node' },
			inputs: [],
			outputs: [],
			credentials: [{ name: credential.name, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: credential.test.request }, default: '' }],
		},
	};
	DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'temp',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [credential.name]: { id: 'cred-test', name: 'Invoicing account' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) },
	});
	const helper = new TestCredentialsHelper({ 'cred-test': data });
	const hooks = new ExecutionLifecycleHooks('internal', 'credential-test', { nodes: [node], connections: {} } as unknown as IWorkflowBase);
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData(helper, hooks),
		'internal',
		createRunExecutionData({}),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const decrypted = { id: 'cred-test', name: 'Invoicing account', type: credential.name, data };
	try {
		await new RoutingNode(context, nodeType, decrypted).runNode();
		return { status: 'OK', message: 'Connection successful!' };
	} catch (error) {
		return { status: 'Error', message: shownMessage(credential, error), error };
	}
}

function shownMessage(credential: InvoicingApi, error: unknown): string {
	const cause = (error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }).cause;
	if (cause?.response) {
		const { status, statusText } = cause.response;
		const rule = (credential.test.rules ?? []).find((r) => r.type === 'responseCode' && r.properties.value === status);
		if (rule && 'message' in rule.properties) return rule.properties.message;
		return statusText || `Received HTTP status code: ${status}`;
	}
	if (cause?.code) return cause.code;
	return String((error as Error).message);
}
