/**
 * Version 2 of the Invoicing node in the editor (`npm start`'s setup, real n8n, Debian's chromium): a node added
 * from the nodes panel is version 2 with version 2's defaults (Currency a required field, Number Prefix INV-,
 * Payment Date today, Amount the outstanding balance), and runs so; a version 1 node of a saved example keeps
 * version 1's fields (version 2's own fields, Currency and Amount, show only on version 2 nodes).
 * Screenshots land in test/e2e/artifacts/ (version-2-*.png).
 */
import type { Locator, Page } from 'playwright-core';

import { openEditorSession, type EditorSession } from './browser/editor-session';

const EXAMPLE_1 = 'invoicing-lifecycle';

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

test('a new Create Invoice is version 2: Currency a field of the form, not under Additional Fields; Number Prefix INV-', async () => {
	await session.scenario('create', async () => {
		await session.openWorkflow(EXAMPLE_1);
		const ndv = await addInvoicingAction('Create invoice');
		const currency = fieldOf(ndv, 'currencyCode');
		await currency.waitFor();
		await shot('1-create-currency');
		// a field of the form itself, empty (n8n's editor marks no field as required; the node refuses an empty one)
		expect(await currency.innerText()).toContain('Currency');
		expect(await currency.locator('input, textarea').first().inputValue()).toBe('');

		// Additional Fields' "Add Field": a select (several options) whose placeholder names it
		await ndv.getByPlaceholder('Add Field').or(ndv.getByText('Add Field', { exact: true })).first().click();
		const options = page.locator('.el-select-dropdown__item:visible, [role="option"]:visible');
		await options.filter({ hasText: 'Issue Date' }).first().waitFor();
		const offered = await options.allInnerTexts();
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
		await page.keyboard.press('Escape');
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
		// a select shows its choice as its input's value
		expect(await amount.locator('input').first().inputValue()).toBe('Outstanding Balance');
		expect(await ndv.locator('[data-test-id="parameter-input-amountReceived"]').count()).toBe(0);

		const picker = ndv.locator('[data-test-id="resource-locator-invoiceId"]');
		await picker.locator('[data-test-id="rlc-mode-selector"]').click();
		await page.locator('[data-test-id="mode-number"]').click();
		const input = picker.locator('[data-test-id="rlc-input"]');
		await input.click();
		await input.fill('INV-1002');
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
		await page.keyboard.press('Escape');
	});
});

test('a new Send is version 2: its Re-Send Window a field of the form, showing 60 minutes', async () => {
	await session.scenario('send', async () => {
		await session.openWorkflow(EXAMPLE_1);
		const ndv = await addInvoicingAction('Send invoice');
		const window = fieldOf(ndv, 'resendWindowMinutes');
		await window.waitFor();
		await shot('7-send-resend-window');
		expect(await window.innerText()).toContain('Re-Send Window (Minutes)');
		expect(await window.locator('input').first().inputValue()).toBe('60');
		await page.keyboard.press('Escape');
	});
});

test("the example's Send keeps version 1: no Re-Send Window field, the option under Options", async () => {
	await session.scenario('send-version-1', async () => {
		await session.openWorkflow(EXAMPLE_1);
		const ndv = await session.openNode('Send Invoice');
		await fieldOf(ndv, 'email').waitFor();
		expect(await ndv.locator('[data-test-id="parameter-input-resendWindowMinutes"]').count()).toBe(0);
		await page.keyboard.press('Escape');
	});
});

test("the example's Record Payment keeps version 1: its Amount Paid as saved, no Amount choice", async () => {
	await session.scenario('version-1', async () => {
		await session.openWorkflow(EXAMPLE_1);
		const ndv = await session.openNode('Record Payment');
		await fieldOf(ndv, 'amountPaid').waitFor();
		await shot('6-example-record-payment-version-1');
		expect(await ndv.locator('[data-test-id="parameter-input-paymentAmount"]').count()).toBe(0);
		await page.keyboard.press('Escape');
	});
});
