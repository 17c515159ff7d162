import { deepCopy, type IExecuteSingleFunctions, type INode } from 'n8n-workflow';

import { executionHandle } from './execution-memory';
import { hasExpression } from './item-parameter';

interface NodeReads {
	node: INode;
	/** getNodeParameter's answers for stored values without an expression, by parameter name. */
	fixed: Map<string, unknown>;
}

const reads = new WeakMap<object, NodeReads>();

function readsOf(ctx: IExecuteSingleFunctions): NodeReads {
	const handle = executionHandle(ctx);
	let entry = reads.get(handle);
	if (entry === undefined) {
		entry = { node: ctx.getNode(), fixed: new Map() };
		reads.set(handle, entry);
	}
	return entry;
}

/**
 * The running node (its version, its stored parameters with expressions unevaluated), copied once per execution and
 * node: n8n's getNode() copies the whole node, every parameter of it, on each call. Read it, never change it.
 */
export function executionNode(ctx: IExecuteSingleFunctions): INode {
	return readsOf(ctx).node;
}

/**
 * `ctx.getNodeParameter(name, fallback)` for a parameter whose stored value holds no expression: the same for every
 * item, so asked of n8n once per execution and node (each call resolves n8n's additional keys, copies the value and
 * checks it against the parameter's type). A value with an expression, or none stored, is asked each time; an
 * answer that throws is not kept. Objects are handed out as copies, as n8n hands them out.
 */
export function fixedParameter(ctx: IExecuteSingleFunctions, name: string, fallback: unknown): unknown {
	const entry = readsOf(ctx);
	const stored = entry.node.parameters[name];
	if (stored === undefined || hasExpression(stored)) return ctx.getNodeParameter(name, fallback);
	if (!entry.fixed.has(name)) entry.fixed.set(name, ctx.getNodeParameter(name, fallback));
	const value = entry.fixed.get(name);
	return typeof value === 'object' && value !== null ? deepCopy(value) : value;
}
