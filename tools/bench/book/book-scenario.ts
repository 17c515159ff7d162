import { PACKAGE_NAME } from '../../scripts/n8n/config';
import type { CredentialFile } from '../../scripts/n8n/n8n-cli';
import type { WorkflowFile, WorkflowNode } from '../../scripts/n8n/workflows';
import { LINE_ITEMS, PAYMENT_STATUS, TAX_RATE } from '../scenarios';
import { HEADER_AUTH, type CredentialRef } from '../workflow/credentials';
import { httpChainNodes, httpRequest } from '../workflow/http-contender';
import { byId, codeNode, workflowNode } from '../workflow/nodes';

/**
 * The book-size scenario: one input item per contender, as a webhook or CRM-sync flow runs (one record per
 * execution), against services holding books of 100, 10,000 and 50,000 invoices, 10 per client.
 */
export const BOOK_SIZES = [100, 10_000, 20_000, 50_000];
export const INVOICES_PER_CLIENT = 10;

export type BookContender = 'createGuard' | 'createAnyway' | 'httpPost' | 'upsert' | 'recordPayment' | 'createClient' | 'nextInSequence' | 'httpList';

export const BOOK_CONTENDERS: BookContender[] = ['createGuard', 'createAnyway', 'httpPost', 'upsert', 'recordPayment', 'createClient', 'nextInSequence', 'httpList'];

export const BOOK_CONTENDER_LABEL: Record<BookContender, string> = {
	createGuard: 'Create Invoice, default guard',
	createAnyway: 'Create Invoice, Create Anyway',
	httpPost: 'HTTP Request node, same POST',
	upsert: 'Create or Update Invoice (existing: PUT)',
	recordPayment: 'Record Payment, default guards',
	createClient: 'Create Client, default guard',
	nextInSequence: 'Create Invoice, Next in Sequence',
	httpList: 'HTTP Request node, GET /invoice/all',
};

/** What each book's contenders act on: a client with its 10 invoices, and one of those invoices. */
export interface BookFixture {
	size: number;
	baseUrl: string;
	credential: CredentialRef;
	client: string;
	/** An invoice of that client: updated by Create or Update, paid (in small parts) by Record Payment. */
	invoice: { id: string; invoice_no: string };
}

export function bookCredential(size: number): CredentialRef {
	return { id: `bench-invoicing-book-${size}`, name: `Invoicing book of ${size}` };
}

export function bookCredentials(books: BookFixture[], apiKey: string): CredentialFile[] {
	return books.map((book) => ({ ...book.credential, type: 'invoicingApi', data: { baseUrl: book.baseUrl, apiKey, headerName: 'Authorization' } }));
}

/**
 * The input item: numbers, e-mails and amounts unique per execution (`$execution.id`) and per node (`salt`), so
 * every create creates and every payment is recorded (the repeat guard skips the same amount twice).
 */
function inputCode(book: BookFixture, contender: BookContender, salt: number): string {
	const json = {
		client: book.client,
		items: LINE_ITEMS,
		id: book.invoice.id,
		existing_no: book.invoice.invoice_no,
	};
	return [
		`const json = ${JSON.stringify(json)};`,
		`json.invoice_no = 'BOOK-' + $execution.id + '-${salt}-${contender}';`,
		`json.email = 'book-' + $execution.id + '-${salt}@bench.example';`,
		`json.amount = Number((0.01 * (1 + ((Number(String($execution.id).replace(/\\D/g, '').slice(-4)) || 0) * 20 + ${salt}) % 1000)).toFixed(2));`,
		// Next in Sequence matches a row on its content: line items new in every execution, so every run creates
		...(contender === 'nextInSequence' ? ["json.items = json.items.map((item) => ({ ...item, description: item.description + ' ' + json.invoice_no }));"] : []),
		'return [{ json }];',
	].join('\n');
}

function invoicingNode(name: string, book: BookFixture, parameters: Record<string, unknown>): WorkflowNode {
	return workflowNode(name, `${PACKAGE_NAME}.invoicing`, 1, parameters, { invoicingApi: book.credential });
}

const createParameters = (invoiceNo: string) => ({
	resource: 'invoice',
	client: byId('={{ $json.client }}'),
	// Next in Sequence has no number to give (the parameter is hidden then)
	...(invoiceNo ? { invoiceNo } : {}),
	paymentStatus: PAYMENT_STATUS,
	itemsMode: 'json',
	itemsJson: '={{ $json.items }}',
	additionalFields: { taxRate: TAX_RATE },
});

/** The timed node of a contender (one node each; the HTTP Request node alone, without the Edit Fields a chain adds). */
function contenderNode(book: BookFixture, contender: BookContender, name: string): WorkflowNode {
	switch (contender) {
		case 'createGuard':
			return invoicingNode(name, book, { ...createParameters('={{ $json.invoice_no }}'), operation: 'create' });
		case 'createAnyway':
			return invoicingNode(name, book, { ...createParameters('={{ $json.invoice_no }}'), operation: 'create', ifExists: 'create' });
		case 'httpPost':
			return { ...httpChainNodes('create100', book.baseUrl, book.baseUrl, '')[0], name };
		case 'httpList':
			// one read of the whole book: with httpPost, the floor of a create that checks its number book-wide
			return httpRequest(name, 'GET', `${book.baseUrl}/invoice/all`);
		case 'upsert':
			return invoicingNode(name, book, { ...createParameters('={{ $json.existing_no }}'), operation: 'upsert' });
		case 'recordPayment':
			return invoicingNode(name, book, {
				resource: 'invoice',
				operation: 'recordPayment',
				invoiceId: byId('={{ $json.id }}'),
				paymentDate: '2026-03-05',
				amountPaid: '={{ $json.amount }}',
			});
		case 'nextInSequence':
			// the book's numbers are SEED-1 ... SEED-<size>: the sequence continues them
			return invoicingNode(name, book, { ...createParameters(''), operation: 'create', numbering: 'next', numberPrefix: 'SEED-', numberDigits: 1 });
		case 'createClient':
			return invoicingNode(name, book, { resource: 'client', operation: 'create', names: '={{ $json.invoice_no }}', additionalFields: { email: '={{ $json.email }}' } });
	}
}

export interface BookSegment {
	size: number;
	contender: BookContender;
	nodeName: string;
}

export interface BookPlan {
	workflow: WorkflowFile;
	segments: BookSegment[];
}

/**
 * One workflow: Manual Trigger -> (Code -> contender) for every book and contender, the contenders' order
 * rotated by `rotation` (one workflow per rotation, run in turn), after an untimed warm-up of each kind of node.
 */
export function bookWorkflow(id: string, books: BookFixture[], rotation: number): BookPlan {
	const nodes: WorkflowNode[] = [workflowNode('Start', 'n8n-nodes-base.manualTrigger', 1, {})];
	const segments: BookSegment[] = [];
	const add = (book: BookFixture, contender: BookContender, tag: string) => {
		nodes.push(codeNode(`${tag} ${contender} input`, inputCode(book, contender, nodes.length)));
		const node = contenderNode(book, contender, `${tag} ${contender}`);
		nodes.push(node);
		return node.name;
	};
	for (const contender of BOOK_CONTENDERS) add(books[0], contender, `warm-up ${books[0].size}`);
	const order = BOOK_CONTENDERS.map((_, i) => BOOK_CONTENDERS[(i + rotation) % BOOK_CONTENDERS.length]);
	for (const book of books) {
		for (const contender of order) segments.push({ size: book.size, contender, nodeName: add(book, contender, `book ${book.size}`) });
	}
	const connections: Record<string, unknown> = {};
	for (let index = 0; index < nodes.length - 1; index++) {
		connections[nodes[index].name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
	}
	return { workflow: { id, name: `bench book sizes (rotation ${rotation})`, active: false, settings: { executionOrder: 'v1' }, nodes, connections }, segments };
}

export { HEADER_AUTH };
