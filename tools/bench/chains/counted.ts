import type { WorkflowNode } from '../../scripts/n8n/workflows';
import type { CountedScenario, CountedService, Fixtures } from '../scenarios';
import type { CredentialRef } from '../workflow/credentials';
import { httpChainNodes } from '../workflow/http-contender';
import { inputNode } from '../workflow/inputs';
import { invoicingNodes, type ParameterLayout } from '../workflow/node-contender';
import { lifecycleHttpNodes, lifecycleInput, lifecycleNodes } from './lifecycle';
import { sequenceHttpNodes, sequenceInput, sequenceNode } from './next-in-sequence';

/** Where each counted scenario's service listens, the node's credential for it, and the clients it holds. */
export type CountedTargets = Record<CountedService, { url: string; credential: CredentialRef; clientIds: string[] }>;

export interface CountedSegment {
	input: WorkflowNode;
	/** The contender's nodes, whose executionTime is its time. */
	nodes: WorkflowNode[];
}

/**
 * One contender of a counted scenario: its input (numbers and names new in every execution and for every
 * contender, so no guard finds another contender's record) and its nodes.
 */
export function countedSegment(
	scenario: CountedScenario,
	contender: 'node' | 'http',
	tag: string,
	context: { targets: CountedTargets; fixtures: Fixtures; layout: ParameterLayout; prefix: string },
): CountedSegment {
	const target = context.targets[scenario.service];
	const inputName = `${tag} input`;
	switch (scenario.id) {
		case 'createGuarded1000':
			return {
				input: inputNode(inputName, scenario, context.fixtures, `${context.prefix}-${contender}`),
				nodes: contender === 'node' ? invoicingNodes(scenario.id, context.layout, tag) : httpChainNodes(scenario.id, target.url, target.url, tag),
			};
		case 'lifecycle':
			return {
				input: lifecycleInput(inputName, `${context.prefix}-${contender}`),
				nodes: contender === 'node' ? lifecycleNodes(tag, inputName, target.credential) : lifecycleHttpNodes(tag, inputName, target.url),
			};
		case 'nextInSequence100':
			return {
				input: sequenceInput(inputName, target.clientIds, scenario.items, `${context.prefix}-${contender}`),
				nodes: contender === 'node' ? [sequenceNode(`${tag} Invoicing`, target.credential)] : sequenceHttpNodes(tag, target.url),
			};
	}
}
