import { PACKAGE_NAME } from '../../scripts/n8n/config';
import type { WorkflowFile, WorkflowNode } from '../../scripts/n8n/workflows';
import type { CredentialRef } from '../workflow/credentials';
import { byId, codeNode, workflowNode } from '../workflow/nodes';

/**
 * Record Payment By Number against By ID: 100 items in one execution each, over a book of 10,000
 * invoices (10 per client), the two nodes in the same execution. By ID reads each invoice and records the payment;
 * By Number adds the lookup of the numbers, which should be one list read per run whatever the item count.
 */
export const BY_NUMBER_BOOK = { invoices: 10_000, clients: 1_000 };
export const BY_NUMBER_ITEMS = 100;
/** The warm-up pair (untimed) runs against a book of its own, so the timed book's request log holds the timed runs only. */
export const WARM_UP_BOOK = { invoices: 100, clients: 10 };
export const WARM_UP_ITEMS = 10;

export type LocatorMode = 'id' | 'number';
export const LOCATOR_MODES: LocatorMode[] = ['id', 'number'];
export const MODE_LABEL: Record<LocatorMode, string> = { id: 'By ID', number: 'By Number' };

export interface PaidInvoice {
	id: string;
	invoice_no: string;
}

/** Which invoices each mode pays: disjoint sets spread over the book, so every request names its contender. */
export interface ByNumberTargets {
	book: { credential: CredentialRef; invoices: Record<LocatorMode, PaidInvoice[]> };
	warmUp: { credential: CredentialRef; invoices: Record<LocatorMode, PaidInvoice[]> };
}

/** `count` invoices of `all`, one every `all.length / count`, starting at `offset` (different clients each). */
export function spreadOver(all: PaidInvoice[], count: number, offset: number): PaidInvoice[] {
	const step = Math.floor(all.length / count);
	return Array.from({ length: count }, (_, index) => all[index * step + offset]);
}

/** The node under test: Record Payment with the default guards, the invoice given in `mode`. */
function recordPayment(name: string, mode: LocatorMode, credential: CredentialRef): WorkflowNode {
	const value = mode === 'id' ? '={{ $json.id }}' : '={{ $json.invoice_no }}';
	return workflowNode(
		name,
		`${PACKAGE_NAME}.invoicing`,
		1,
		{
			resource: 'invoice',
			operation: 'recordPayment',
			invoiceId: mode === 'id' ? byId(value) : { __rl: true, mode: 'number', value },
			paymentDate: '2026-03-05',
			amountPaid: '={{ $json.amount }}',
		},
		{ invoicingApi: credential },
	);
}

/**
 * The items: one per invoice, an amount of its own per round (`round` + 1 cents, so the repeat guard never takes
 * one round's payment for the last one's and no invoice is paid in full after 15 rounds).
 */
function inputNode(name: string, invoices: PaidInvoice[], round: number): WorkflowNode {
	const amount = Number(((round + 1) * 0.01).toFixed(2));
	const items = invoices.map((invoice) => ({ json: { id: invoice.id, invoice_no: invoice.invoice_no, amount } }));
	return codeNode(name, `return ${JSON.stringify(items)};`);
}

export const timedNodeName = (mode: LocatorMode): string => `Record Payment ${MODE_LABEL[mode]}`;

/**
 * The workflow of one round: the warm-up pair (untimed, own book), then By ID and By Number over the 10,000-invoice
 * book, which first alternating from round to round. Each node is fed by a Code node (untimed) of its own.
 */
export function byNumberWorkflow(targets: ByNumberTargets, round: number): WorkflowFile {
	const nodes: WorkflowNode[] = [workflowNode('Start', 'n8n-nodes-base.manualTrigger', 1, {})];
	for (const mode of LOCATOR_MODES) {
		nodes.push(inputNode(`warm-up ${mode} input`, targets.warmUp.invoices[mode], round));
		nodes.push(recordPayment(`warm-up ${MODE_LABEL[mode]}`, mode, targets.warmUp.credential));
	}
	const order = round % 2 === 0 ? LOCATOR_MODES : [...LOCATOR_MODES].reverse();
	for (const mode of order) {
		nodes.push(inputNode(`${mode} input`, targets.book.invoices[mode], round));
		nodes.push(recordPayment(timedNodeName(mode), mode, targets.book.credential));
	}
	const connections: Record<string, unknown> = {};
	for (let index = 0; index < nodes.length - 1; index++) {
		connections[nodes[index].name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
	}
	return { id: `benchByNumber${round}`, name: `bench Record Payment By Number vs By ID (round ${round + 1})`, active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}
