import { PACKAGE_NAME } from '../../scripts/n8n/config';
import type { WorkflowFile, WorkflowNode } from '../../scripts/n8n/workflows';
import type { CredentialRef } from '../workflow/credentials';
import { byId, codeNode, workflowNode } from '../workflow/nodes';

/**
 * Export E-Invoice against Get Invoice: 1,000 invoices in one execution each, the nodes in the same execution
 * over the same book and the same input items. Each reads each invoice once (`GET /invoice/{id}`); Export also
 * reads the buyer's fields from the item, the seller credential and writes an XRechnung UBL file per item. Export
 * maps the buyer as README and example 9 teach (Buyer Fields: Map Automatically); the same export with the seven
 * buyer fields mapped one by one (`{{ $json.city }}`) runs beside it for comparison.
 */
export const EXPORT_BOOK = { invoices: 1_000, clients: 10 };
export const EXPORT_ITEMS = 1_000;
/** Untimed: the first invoices of the book, through both nodes, before the timed pair. */
export const EXPORT_WARM_UP_ITEMS = 50;

export type ExportContender = 'get' | 'export' | 'mapped';
export const EXPORT_CONTENDERS: ExportContender[] = ['get', 'export', 'mapped'];
export const EXPORT_LABEL: Record<ExportContender, string> = {
	get: 'Get Invoice by ID',
	export: 'Export E-Invoice (XRechnung UBL)',
	mapped: 'Export E-Invoice, buyer fields mapped one by one',
};

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

/**
 * One input item: the invoice and its buyer, the buyer's columns named as the Buyer fields, as example 9's merge of
 * the invoices with buyers.csv gives them (the buyer's e-mail too: no client read).
 */
export function exportInputs(invoices: ExportedInvoice[]): Array<{ json: Record<string, string> }> {
	return invoices.map((invoice, index) => ({
		json: {
			id: invoice.id,
			invoice_no: invoice.invoice_no,
			street: `Rathausplatz ${(index % 90) + 1}`,
			postalCode: String(10000 + index),
			city: 'Musterstadt',
			country: 'DE',
			vatId: `DE${String(800000000 + index)}`,
			buyerReference: `991-${String(index).padStart(5, '0')}-00`,
			electronicAddress: `buyer${index + 1}@bench.example`,
		},
	}));
}

/** The node under test: Get Invoice by ID (the full record, as `npm run bench`'s get scenario reads it). */
function getInvoice(name: string, targets: ExportTargets): WorkflowNode {
	return workflowNode(name, `${PACKAGE_NAME}.invoicing`, 1, { resource: 'invoice', operation: 'get', invoiceId: byId('={{ $json.id }}'), simplify: false }, { invoicingApi: targets.invoicing });
}

const BUYER_FIELDS = ['street', 'postalCode', 'city', 'country', 'vatId', 'buyerReference', 'electronicAddress'];

/** The node under test: Export E-Invoice, XRechnung UBL, the buyer's fields read from the item's fields of their names. */
function exportEInvoice(name: string, targets: ExportTargets, buyer: Record<string, unknown> = { eInvoiceBuyerMapping: 'auto' }): WorkflowNode {
	return workflowNode(
		name,
		`${PACKAGE_NAME}.invoicing`,
		1,
		{ resource: 'invoice', operation: 'exportEInvoice', invoiceId: byId('={{ $json.id }}'), eInvoiceFormat: 'xrechnung-ubl', ...buyer },
		{ invoicingApi: targets.invoicing, [SELLER_CREDENTIAL_TYPE]: targets.seller },
	);
}

/** For comparison: the same export with each buyer field an expression of the item (`{{ $json.city }}`). */
const exportMapped = (name: string, targets: ExportTargets): WorkflowNode =>
	exportEInvoice(name, targets, { eInvoiceBuyer: Object.fromEntries(BUYER_FIELDS.map((field) => [field, `={{ $json.${field} }}`])) });

const NODE_OF: Record<ExportContender, (name: string, targets: ExportTargets) => WorkflowNode> = { get: getInvoice, export: exportEInvoice, mapped: exportMapped };

export const timedExportNode = (contender: ExportContender): string => EXPORT_LABEL[contender];

/**
 * The workflow of one round: the warm-up nodes (untimed), then each node over the 1,000 invoices, their order
 * turning from round to round; each node is fed by a Code node (untimed) of its own with the same items.
 */
export function exportWorkflow(targets: ExportTargets, round: number): WorkflowFile {
	const nodes: WorkflowNode[] = [workflowNode('Start', 'n8n-nodes-base.manualTrigger', 1, {})];
	const warmUp = JSON.stringify(exportInputs(targets.invoices.slice(0, EXPORT_WARM_UP_ITEMS)));
	const timed = JSON.stringify(exportInputs(targets.invoices));
	for (const contender of EXPORT_CONTENDERS) {
		nodes.push(codeNode(`warm-up ${contender} input`, `return ${warmUp};`));
		nodes.push(NODE_OF[contender](`warm-up ${EXPORT_LABEL[contender]}`, targets));
	}
	const shift = round % EXPORT_CONTENDERS.length;
	const order = [...EXPORT_CONTENDERS.slice(shift), ...EXPORT_CONTENDERS.slice(0, shift)];
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
