/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
/**
 * The editor as a user meets it: what `npm start` starts (sandbox with demo data, real n8n with the package, the
 * credential and the examples, the demo owner), on free ports, driven by Debian's chromium through
 * playwright-core. Signs in, opens example 1, opens its "Get Invoice" node, switches the Invoice picker to
 * "From List", searches an invoice, picks it, runs the step and reads the output panel. Screenshots of each step
 * land in test/e2e/artifacts/.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { BrowserContext, Page } from 'playwright-core';

import { DEMO_OWNER, startEditor, type RunningEditor } from '../../scripts/n8n/editor';
import { artifactPath } from './artifacts';
import { launchChromium } from './browser/chromium';
import { freePort } from '../../scripts/n8n/free-port';

const WORKFLOW_ID = 'invoicing-lifecycle';
const NODE = 'Get Invoice';
const STEP_TIMEOUT_MS = 60_000;

let editor: RunningEditor | undefined;
let browser: BrowserContext | undefined;

afterAll(async () => {
	await browser?.close();
	await editor?.stop();
});

async function shot(page: Page, name: string): Promise<void> {
	await page.screenshot({ path: artifactPath(`editor-${name}.png`) });
}

test('in the editor: pick an invoice from the searchable list of the Invoicing node, run the step, see the invoice', async () => {
	const started = Date.now();
	const [n8nPort, sandboxPort] = [await freePort(), await freePort()];
	editor = await startEditor({ home: mkdtempSync(join(tmpdir(), 'invoicing-editor-')), n8nPort, sandboxPort });
	const ready = Date.now();
	const target = editor.sandbox.state().invoices.find((invoice) => invoice.invoice_no === 'INV-1002');
	if (!target) throw new Error('the demo data has no INV-1002');

	browser = await launchChromium();
	browser.setDefaultTimeout(STEP_TIMEOUT_MS);
	const page = await browser.newPage();
	try {
		await page.goto(`${editor.editorUrl}/signin`);
		await page.locator('input[name="emailOrLdapLoginId"]').fill(DEMO_OWNER.email);
		await page.locator('input[name="password"]').fill(DEMO_OWNER.password);
		await shot(page, '1-signin');
		await page.getByRole('button', { name: 'Sign in' }).click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

		await page.goto(`${editor.editorUrl}/workflow/${WORKFLOW_ID}`);
		const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${NODE}"]`);
		await node.waitFor();
		await shot(page, '2-workflow');
		await node.dblclick();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor();

		// the Invoice picker holds an expression in the example: Fixed, then By ID -> From List, search, pick
		const picker = ndv.locator('[data-test-id="resource-locator-invoiceId"]');
		await shot(page, '3-node');
		await picker.hover();
		await ndv.locator('[data-test-id="invoiceId-parameter-input-options-container"] [data-test-id="radio-button-fixed"]').click();
		await picker.locator('[data-test-id="rlc-mode-selector"]').click();
		await page.locator('[data-test-id="mode-list"]').click();
		await picker.locator('[data-test-id="rlc-input"]').click();
		await page.locator('[data-test-id="rlc-search"]:visible').fill('1002');
		const items = page.locator('[data-test-id="rlc-item"]:visible');
		const item = items.filter({ hasText: 'INV-1002' });
		await item.waitFor();
		await shot(page, '4-from-list-search');
		const listed = await items.allInnerTexts();
		await item.click();
		await shot(page, '5-picked');

		await ndv.locator('[data-test-id="node-execute-button"]').click();
		const output = ndv.locator('[data-test-id="output-panel"]');
		await output.getByText(target.id).first().waitFor();
		await shot(page, '6-output');
		const outputText = await output.innerText();

		// the search showed the matching invoice only; the run fetched the invoice picked in the list
		expect(listed).toEqual(['INV-1002 · Globex Corporation (GBP 2340.00, Not Paid)']);
		expect(await picker.locator('[data-test-id="rlc-input"]').inputValue()).toBe(listed[0]);
		expect(outputText).toContain('INV-1002');
		expect(outputText).toContain(target.id);
		const gets = editor.sandbox.requests().filter((r) => r.method === 'GET' && r.path === `/v1/invoice/${target.id}`);
		expect(gets).toHaveLength(1);
	} catch (error) {
		await shot(page, 'failure').catch(() => undefined);
		throw error;
	}
	console.log(
		`browser e2e: npm start's setup and n8n start ${((ready - started) / 1000).toFixed(0)} s, browser steps ${((Date.now() - ready) / 1000).toFixed(0)} s; screenshots in test/e2e/artifacts/`,
	);
}, 8 * 60 * 1000);
