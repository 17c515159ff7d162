/**
 * Version 2 of the Invoicing node in the editor (`npm start`'s setup, real n8n, Debian's chromium): a node added
 * from the nodes panel is version 2 with version 2's defaults (Currency a required field, Number Prefix INV-,
 * Payment Date today, Amount the outstanding balance), and runs so; a version 1 node of a saved example keeps
 * version 1's fields. The version each node has is read back from n8n's REST API after the workflow is saved.
 * Screenshots land in test/e2e/artifacts/ (version-2-*.png).
 */
import type { Locator, Page } from 'playwright-core';

import { openEditorSession, type EditorSession } from './browser/editor-session';

const EXAMPLE_1 = 'invoicing-lifecycle';
const INVOICING = 'n8n-nodes-invoicing.invoicing';

let session: EditorSession;
let page: Page;

beforeAll(async () => {
	session = await openEditorSession({ prefix: 'version-2' });
	({ page } = session);
}, 8 * 60 * 1000);

afterAll(async () => {
	await session?.close();
});

const shot = (name: string): Promise<void> => session.shot(name);

interface SavedNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
}

/** The workflow's nodes as n8n stored them (REST, with the signed-in owner's cookie). */
async function savedNodes(workflowId: string): Promise<SavedNode[]> {
	const response = await page.request.get(`${session.editor.editorUrl}/rest/workflows/${workflowId}`);
	expect(response.ok()).toBe(true);
	const body = (await response.json()) as { data: { nodes: SavedNode[] } };
	return body.data.nodes;
}

/** The node details view's field of a parameter, with its label. */
const fieldOf = (ndv: Locator, parameter: string): Locator =>
	ndv.locator('[data-test-id="parameter-item"]').filter({ has: page.locator(`[data-test-id="parameter-input-${parameter}"]`) }).first();

/** An Invoicing action added from the nodes panel onto the open workflow: its node details view. */
async function addInvoicingAction(action: string): Promise<Locator> {
	const creator = page.locator('[data-test-id="node-creator"]');
	await page.locator('[data-test-id="node-creator-plus-button"]').click();
	const search = creator.getByPlaceholder('Search nodes...').first();
	await search.waitFor();
	await search.fill('invoice');
	await creator.locator('[data-test-id="node-creator-item-name"]').filter({ hasText: /^Invoicing$/ }).first().click();
	await creator.locator('[data-test-id="item-iterator-item"]').filter({ hasText: action }).first().click();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	return ndv;
}

/** Closes the node, saves the workflow (Ctrl+S; 2.x also saves by itself) and reads its nodes back once `saved` holds (15 s at most). */
async function closeAndSave(saved: (nodes: SavedNode[]) => boolean): Promise<SavedNode[]> {
	await page.keyboard.press('Escape');
	await page.keyboard.press('Control+s');
	const until = Date.now() + 15_000;
	let nodes = await savedNodes(EXAMPLE_1);
	while (!saved(nodes) && Date.now() < until) {
		await page.waitForTimeout(500);
		nodes = await savedNodes(EXAMPLE_1);
	}
	return nodes;
}

test('a new Create Invoice is version 2: Currency required on the form, not under Additional Fields; Number Prefix INV-, required', async () => {
	await session.scenario('create', async () => {
		await session.openWorkflow(EXAMPLE_1);
		const ndv = await addInvoicingAction('Create invoice');
		const currency = fieldOf(ndv, 'currencyCode');
		await currency.waitFor();
		await shot('1-create-currency');
		expect(await currency.innerText()).toMatch(/Currency\s*\*/);

		// Additional Fields' "Add Field": a select (several options) whose placeholder names it
		await ndv.getByPlaceholder('Add Field').or(ndv.getByText('Add Field', { exact: true })).first().click();
		const offered = await page.locator('.el-select-dropdown__item:visible, [role="option"]:visible').allInnerTexts();
		await shot('2-create-additional-fields');
		expect(offered).toEqual(expect.arrayContaining(['Due Date', 'Issue Date']));
		expect(offered).not.toContain('Currency');
		await page.keyboard.press('Escape');

		await ndv.locator('[data-test-id="parameter-input-numbering"]').click();
		await page.getByText('Next in Sequence', { exact: true }).first().click();
		const prefix = fieldOf(ndv, 'sequencePrefix');
		await prefix.waitFor();
		await shot('3-create-number-prefix');
		expect(await prefix.locator('input, textarea').first().inputValue()).toBe('INV-');
		expect(await prefix.innerText()).toMatch(/Number Prefix\s*\*/);
		// Resource Invoice is the default: n8n saves it only when set otherwise
		const creates = (nodes: SavedNode[]) =>
			nodes.filter((node) => node.type === INVOICING && (node.parameters.resource ?? 'invoice') === 'invoice' && node.parameters.operation === 'create');
		const created = creates(await closeAndSave((nodes) => creates(nodes).length === 2));
		// the example's own Create Invoice keeps version 1; the one just added is version 2
		expect(created.map((node) => [node.name, node.typeVersion])).toEqual(expect.arrayContaining([['Create Invoice', 1], [expect.any(String), 2]]));
	});
});

test('a new Record Payment is version 2: Payment Date {{ $today }}, Amount "Outstanding Balance"; run on INV-1002 it pays the balance, dated today', async () => {
	await session.scenario('record-payment', async () => {
		await session.openWorkflow(EXAMPLE_1);
		const ndv = await addInvoicingAction('Record payment on invoice');
		const date = fieldOf(ndv, 'paymentDay');
		await date.waitFor();
		const amount = fieldOf(ndv, 'paymentAmount');
		await shot('4-record-payment-defaults');
		expect(await date.innerText()).toContain('$today');
		expect(await amount.innerText()).toContain('Outstanding Balance');
		expect(await ndv.locator('[data-test-id="parameter-input-amountReceived"]').count()).toBe(0);

		const picker = ndv.locator('[data-test-id="resource-locator-invoiceId"]');
		await picker.locator('[data-test-id="rlc-mode-selector"]').click();
		await page.locator('[data-test-id="mode-number"]').click();
		await picker.locator('[data-test-id="rlc-input"]').fill('INV-1002');
		const target = session.editor.sandbox.state().invoices.find((invoice) => invoice.invoice_no === 'INV-1002');
		if (!target) throw new Error('the demo data has no INV-1002');
		session.editor.sandbox.clearRequests();
		await ndv.locator('[data-test-id="node-execute-button"]').click();
		await ndv.locator('[data-test-id="output-panel"]').getByText('Invoice payment update was successful').first().waitFor();
		await shot('5-record-payment-run');
		const payment = session.editor.sandbox.requests().find((r) => r.method === 'POST' && r.path === '/v1/invoice/record-payment');
		const sent = new URLSearchParams(payment?.rawBody ?? '');
		// today in the workflow's time zone: within a day of UTC's
		const day = Date.parse(`${sent.get('payment_date') ?? ''}T12:00:00Z`);
		expect(Math.abs(day - Date.now())).toBeLessThan(36 * 3600 * 1000);
		expect(sent.get('amount_paid')).toBe('2340');
		expect(session.editor.sandbox.state().invoices.find((invoice) => invoice.id === target.id)?.payment_status).toBe('Paid');
		const payments = (nodes: SavedNode[]) => nodes.filter((node) => node.type === INVOICING && node.parameters.operation === 'recordPayment' && node.name !== 'Record Payment');
		const added = payments(await closeAndSave((nodes) => payments(nodes).length === 1));
		expect(added.map((node) => node.typeVersion)).toEqual([2]);
	});
});

test("the example's Record Payment keeps version 1: Payment Date and Amount Paid as saved, no Amount choice", async () => {
	await session.scenario('version-1', async () => {
		await session.openWorkflow(EXAMPLE_1);
		const ndv = await session.openNode('Record Payment');
		await fieldOf(ndv, 'amountPaid').waitFor();
		await shot('6-example-record-payment-version-1');
		expect(await ndv.locator('[data-test-id="parameter-input-paymentAmount"]').count()).toBe(0);
		expect(await fieldOf(ndv, 'paymentDate').innerText()).not.toContain('$today');
		await page.keyboard.press('Escape');
		const saved = (await savedNodes(EXAMPLE_1)).find((node) => node.name === 'Record Payment');
		expect(saved?.typeVersion).toBe(1);
	});
});
