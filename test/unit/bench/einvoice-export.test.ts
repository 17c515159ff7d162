import { exportTable, expectedRequests } from '../../../tools/bench/einvoice/export-rounds';
import { EXPORT_WARM_UP_ITEMS, exportInputs, exportWorkflow, outputProblem, type ExportTargets } from '../../../tools/bench/einvoice/export-scenario';

const invoices = Array.from({ length: 60 }, (_, index) => ({ id: `92${String(index).padStart(14, '0')}`, invoice_no: `SEED-${index + 1}` }));
const targets: ExportTargets = { invoicing: { id: 'i', name: 'i' }, seller: { id: 's', name: 's' }, invoices };

describe('the Export E-Invoice bench scenario', () => {
	test('a round: the warm-up nodes, then Get, Export and Export mapped one by one over the same items, their order turning', () => {
		const names = (round: number) => exportWorkflow(targets, round).nodes.map((node) => node.name);
		const [get, exported, mapped] = ['Get Invoice by ID', 'Export E-Invoice (XRechnung UBL)', 'Export E-Invoice, buyer fields mapped one by one'];
		expect(names(0).slice(7)).toEqual(['get input', get, 'export input', exported, 'mapped input', mapped]);
		expect(names(1).slice(7)).toEqual(['export input', exported, 'mapped input', mapped, 'get input', get]);
		expect(names(2).slice(7)).toEqual(['mapped input', mapped, 'get input', get, 'export input', exported]);
		const nodes = exportWorkflow(targets, 0).nodes;
		const code = (name: string) => String(nodes.find((node) => node.name === name)?.parameters.jsCode);
		expect(code('get input')).toBe(code('export input'));
		expect(code('get input')).toBe(code('mapped input'));
		expect(code('warm-up get input')).toBe(`return ${JSON.stringify(exportInputs(invoices.slice(0, EXPORT_WARM_UP_ITEMS)))};`);
	});

	test('Export: XRechnung UBL, the buyer read from the item by field names, both credentials; mapped: each buyer field an expression; Get: the full record', () => {
		const nodes = exportWorkflow(targets, 0).nodes;
		const exported = nodes.find((node) => node.name === 'Export E-Invoice (XRechnung UBL)');
		const id = { __rl: true, mode: 'id', value: '={{ $json.id }}' };
		expect(exported?.parameters).toEqual({ resource: 'invoice', operation: 'exportEInvoice', invoiceId: id, eInvoiceFormat: 'xrechnung-ubl', eInvoiceBuyerMapping: 'auto' });
		expect(exported?.credentials).toEqual({ invoicingApi: { id: 'i', name: 'i' }, invoicingSellerApi: { id: 's', name: 's' } });
		const mapped = nodes.find((node) => node.name === 'Export E-Invoice, buyer fields mapped one by one');
		const fields = ['street', 'postalCode', 'city', 'country', 'vatId', 'buyerReference', 'electronicAddress'];
		expect(mapped?.parameters).toEqual({ ...exported?.parameters, eInvoiceBuyerMapping: undefined, eInvoiceBuyer: Object.fromEntries(fields.map((field) => [field, `={{ $json.${field} }}`])) });
		expect(mapped?.credentials).toEqual(exported?.credentials);
		// every buyer field of the Buyer collection is in the items under its own name
		expect(Object.keys(exportInputs(invoices.slice(0, 1))[0].json).sort()).toEqual(['id', 'invoice_no', ...fields].sort());
		expect(nodes.find((node) => node.name === 'Get Invoice by ID')?.parameters).toMatchObject({ operation: 'get', simplify: false });
	});

	test('the output check: one item per invoice in order; Export with <invoice_no>.xml in binary data', () => {
		const two = invoices.slice(0, 2);
		const file = (index: number) => ({ json: { id: two[index].id, file_name: `${two[index].invoice_no}.xml` }, binary: { data: { fileName: `${two[index].invoice_no}.xml` } } });
		expect(outputProblem('export', [file(0), file(1)], two)).toBeUndefined();
		expect(outputProblem('get', [{ json: { id: two[0].id } }, { json: { id: two[1].id } }], two)).toBeUndefined();
		expect(outputProblem('export', [file(0)], two)).toBe('Export E-Invoice (XRechnung UBL): 1 items for 2 invoices');
		expect(outputProblem('export', [file(0), { json: { id: two[1].id } }], two)).toBe('Export E-Invoice (XRechnung UBL): item 1 has no file SEED-2.xml');
		expect(outputProblem('get', [{ json: { id: two[1].id } }, { json: { id: two[0].id } }], two)).toMatch(/^Get Invoice by ID: item 0 is invoice/);
	});

	test('requests: one invoice read per item and node, warm-up included; the table', () => {
		expect(expectedRequests(1000, 50)).toEqual({ 'GET /invoice/{id}': 3150 });
		const spread = (median: number) => ({ median, min: median - 10, max: median + 10 });
		const table = exportTable({ rounds: 3, items: 1000, ms: { get: spread(3000), export: spread(3300), mapped: spread(9000) }, exportToGet: 1.1, mappedToGet: 3, requests: {} });
		expect(table.split('\n')).toEqual([
			'| 1,000 invoices in one execution | node ms, median (min-max) | ratio to Get |',
			'|---|---|---|',
			'| Get Invoice by ID | 3000 (2990-3010) | 1.00 |',
			'| Export E-Invoice (XRechnung UBL) | 3300 (3290-3310) | 1.10 |',
			'| Export E-Invoice, buyer fields mapped one by one | 9000 (8990-9010) | 3.00 |',
		]);
	});
});
