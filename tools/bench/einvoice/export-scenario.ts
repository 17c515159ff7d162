import { PACKAGE_NAME } from '../../scripts/n8n/config';
import type { WorkflowFile, WorkflowNode } from '../../scripts/n8n/workflows';
import type { CredentialRef } from '../workflow/credentials';
import { byId, codeNode, workflowNode } from '../workflow/nodes';

/**
 * Export E-Invoice against Get Invoice: 1,000 invoices in one execution each, the two nodes in the same execution
 * over the same book and the same input items. Both read each invoice once (`GET /invoice/{id}`); Export also
 * maps the buyer's fields from the item, reads the seller credential and writes an XRechnung UBL file per item.
 */
export const EXPORT_BOOK = { invoices: 1_000, clients: 10 };
export const EXPORT_ITEMS = 1_000;
/** Untimed: the first invoices of the book, through both nodes, before the timed pair. */
export const EXPORT_WARM_UP_ITEMS = 50;

export type ExportContender = 'get' | 'export';
export const EXPORT_CONTENDERS: ExportContender[] = ['get', 'export'];
export const EXPORT_LABEL: Record<ExportContender, string> = { get: 'Get Invoice by ID', export: 'Export E-Invoice (XRechnung UBL)' };

export const SELLER_CREDENTIAL_TYPE = 'invoicingSellerApi';

/** The seller of every file: a complete XRechnung seller (address, VAT ID, contact, electronic address, IBAN). */
export const BENCH_SELLER: Record<string, string> = {
	name: 'Bench Software GmbH',
	street: 'Hauptstr. 1',
	city: 'Berlin',
	postalCode: '10115',
	country: 'DE',
	vatId: 'DE123456789',
	contactName: 'Buchhaltung',
	contactPhone: '+49 30 1234',
	contactEmail: 'billing@bench.example',
	electronicAddress: 'billing@bench.example',
	electronicAddressScheme: 'EM',
	iban: 'DE02120300000000202051',
	paymentMeansCode: '58',
	paymentTerms: 'Payable within 14 days',
};

export interface ExportedInvoice {
	id: string;
	invoice_no: string;
}

export interface ExportTargets {
	invoicing: CredentialRef;
	seller: CredentialRef;
	invoices: ExportedInvoice[];
}

/** One input item: the invoice and its buyer as a CRM row would give it (the buyer's e-mail too: no client read). */
export function exportInputs(invoices: ExportedInvoice[]): Array<{ json: Record<string, string> }> {
	return invoices.map((invoice, index) => ({
		json: {
			id: invoice.id,
			invoice_no: invoice.invoice_no,
			street: `Rathausplatz ${(index % 90) + 1}`,
			postal_code: String(10000 + index),
			city: 'Musterstadt',
			country: 'DE',
			vat_id: `DE${String(800000000 + index)}`,
			buyer_reference: `991-${String(index).padStart(5, '0')}-00`,
			email: `buyer${index + 1}@bench.example`,
		},
	}));
}

/** The node under test: Get Invoice by ID (the full record, as `npm run bench`'s get scenario reads it). */
function getInvoice(name: string, targets: ExportTargets): WorkflowNode {
	return workflowNode(name, `${PACKAGE_NAME}.invoicing`, 1, { resource: 'invoice', operation: 'get', invoiceId: byId('={{ $json.id }}'), simplify: false }, { invoicingApi: targets.invoicing });
}

/** The node under test: Export E-Invoice, XRechnung UBL, every buyer field mapped from the item. */
function exportEInvoice(name: string, targets: ExportTargets): WorkflowNode {
	return workflowNode(
		name,
		`${PACKAGE_NAME}.invoicing`,
		1,
		{
			resource: 'invoice',
			operation: 'exportEInvoice',
			invoiceId: byId('={{ $json.id }}'),
			eInvoiceFormat: 'xrechnung-ubl',
			eInvoiceBuyer: {
				street: '={{ $json.street }}',
				postalCode: '={{ $json.postal_code }}',
				city: '={{ $json.city }}',
				country: '={{ $json.country }}',
				vatId: '={{ $json.vat_id }}',
				buyerReference: '={{ $json.buyer_reference }}',
				electronicAddress: '={{ $json.email }}',
			},
		},
		{ invoicingApi: targets.invoicing, [SELLER_CREDENTIAL_TYPE]: targets.seller },
	);
}

const NODE_OF: Record<ExportContender, (name: string, targets: ExportTargets) => WorkflowNode> = { get: getInvoice, export: exportEInvoice };

export const timedExportNode = (contender: ExportContender): string => EXPORT_LABEL[contender];

/**
 * The workflow of one round: the warm-up pair (untimed), then Get and Export over the 1,000 invoices, which first
 * alternating from round to round; each node is fed by a Code node (untimed) of its own with the same items.
 */
export function exportWorkflow(targets: ExportTargets, round: number): WorkflowFile {
	const nodes: WorkflowNode[] = [workflowNode('Start', 'n8n-nodes-base.manualTrigger', 1, {})];
	const warmUp = JSON.stringify(exportInputs(targets.invoices.slice(0, EXPORT_WARM_UP_ITEMS)));
	const timed = JSON.stringify(exportInputs(targets.invoices));
	for (const contender of EXPORT_CONTENDERS) {
		nodes.push(codeNode(`warm-up ${contender} input`, `return ${warmUp};`));
		nodes.push(NODE_OF[contender](`warm-up ${EXPORT_LABEL[contender]}`, targets));
	}
	const order = round % 2 === 0 ? EXPORT_CONTENDERS : [...EXPORT_CONTENDERS].reverse();
	for (const contender of order) {
		nodes.push(codeNode(`${contender} input`, `return ${timed};`));
		nodes.push(NODE_OF[contender](timedExportNode(contender), targets));
	}
	const connections: Record<string, unknown> = {};
	for (let index = 0; index < nodes.length - 1; index++) {
		connections[nodes[index].name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
	}
	return { id: `benchEInvoice${round}`, name: `bench Export E-Invoice vs Get Invoice (round ${round + 1})`, active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}

/**
 * What a timed node gave, checked: one item per invoice in order; Get the record, Export `<invoice_no>.xml` with its
 * file in binary `data`. The first problem, or undefined.
 */
export function outputProblem(contender: ExportContender, output: Array<{ json: Record<string, unknown>; binary?: Record<string, { fileName?: string }> }>, invoices: ExportedInvoice[]): string | undefined {
	if (output.length !== invoices.length) return `${EXPORT_LABEL[contender]}: ${output.length} items for ${invoices.length} invoices`;
	for (const [index, invoice] of invoices.entries()) {
		const item = output[index];
		if (String(item.json.id) !== invoice.id) return `${EXPORT_LABEL[contender]}: item ${index} is invoice ${String(item.json.id)}, not ${invoice.id}`;
		if (contender === 'get') continue;
		const fileName = `${invoice.invoice_no}.xml`;
		if (item.json.file_name !== fileName || item.binary?.data?.fileName !== fileName) return `${EXPORT_LABEL[contender]}: item ${index} has no file ${fileName}`;
	}
	return undefined;
}
