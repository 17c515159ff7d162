import type { WorkflowNode } from '../../scripts/n8n/workflows';
import { LINE_ITEMS, type Fixtures, type Scenario } from '../scenarios';
import { codeNode } from './nodes';

/** JavaScript of a Code node giving the scenario's input items, the same for every contender. */
export function inputCode(scenario: Scenario, fixtures: Fixtures, prefix: string): string {
	switch (scenario.id) {
		case 'create100':
		case 'create1000':
			return [
				`const clients = ${JSON.stringify(fixtures.clientIds)};`,
				`const items = ${JSON.stringify(LINE_ITEMS)};`,
				`return Array.from({ length: ${scenario.items} }, (_, i) => ({ json: { client: clients[i % clients.length], invoice_no: ${JSON.stringify(prefix)} + '-' + (i + 1), items } }));`,
			].join('\n');
		case 'createGuarded1000':
			// numbers new in every execution: the guard would find the last round's invoices and create none
			return [
				`const clients = ${JSON.stringify(fixtures.clientIds)};`,
				`const items = ${JSON.stringify(LINE_ITEMS)};`,
				`const prefix = ${JSON.stringify(prefix)} + '-' + $execution.id;`,
				`return Array.from({ length: ${scenario.items} }, (_, i) => ({ json: { client: clients[i % clients.length], invoice_no: prefix + '-' + (i + 1), items } }));`,
			].join('\n');
		case 'get1000':
		case 'update1000':
			return `return ${JSON.stringify(fixtures.invoices.slice(0, scenario.items))}.map((json) => ({ json }));`;
		case 'getMany10000':
			return `return [{ json: { run: ${JSON.stringify(prefix)} } }];`;
		case 'lifecycle':
		case 'nextInSequence100':
			throw new Error(`${scenario.id}: its input is built in chains/`);
	}
}

export function inputNode(name: string, scenario: Scenario, fixtures: Fixtures, prefix: string): WorkflowNode {
	return codeNode(name, inputCode(scenario, fixtures, prefix));
}
