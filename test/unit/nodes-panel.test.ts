import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';
import { InvoicingTrigger } from '../../nodes/InvoicingTrigger/InvoicingTrigger.node';

/**
 * n8n's nodes panel (editor-ui, generateMergedNodesAndActions in 1.x and 2.x) shows a node and its trigger as one
 * entry when the trigger's type name without "Trigger" is the node's, and gives that entry the trigger's
 * description. So the trigger's description must describe the whole entry: the actions first, then the events.
 */
describe('the nodes panel entry "Invoicing" (node and trigger merged by n8n)', () => {
	const node = new Invoicing().description;
	const trigger = new InvoicingTrigger().description;

	test('n8n merges the two: the trigger\'s name without "Trigger" is the node\'s', () => {
		expect(trigger.name.replace('Trigger', '')).toBe(node.name);
	});

	test('the description the entry shows (the trigger\'s) says what the node does, then what starts a workflow', () => {
		expect(trigger.description.startsWith(node.description.replace(/ in the Invoicing Service$/, ''))).toBe(true);
		expect(trigger.description).toContain('start workflows when they are created, paid, overdue or accepted');
	});
});
