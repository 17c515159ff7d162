/**
 * Example 9 in the editor (`npm start`'s setup plus a seller credential, in Debian's chromium): Export E-Invoice
 * run as a step shows each file in the output panel's Binary view, named after the invoice number. The panel's
 * screenshot lands in test/e2e/artifacts/ (and in media/einvoice-output.png, the README's, with
 * INVOICING_UPDATE_MEDIA=1).
 */
import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_API_KEY } from '../../tools/scripts/n8n/editor';
import { artifactPath } from './artifacts';
import { openEditorSession, type EditorSession } from './browser/editor-session';

const WORKFLOW_ID = 'invoicing-month-end-einvoices';
const MEDIA_SHOT = join(__dirname, '..', '..', 'media', 'einvoice-output.png');
const INVOICE_NO = 'INV-2026-0042';
/** Pixels of the output panel's top in the screenshot: its header, the branches and the file's card. */
const PANEL_SHOT_HEIGHT = 420;

const SELLER = {
	name: 'Muster Software GmbH',
	street: 'Hauptstr. 1',
	city: 'Berlin',
	postalCode: '10115',
	country: 'DE',
	vatId: 'DE123456789',
	contactName: 'Buchhaltung',
	contactPhone: '+49 30 1234',
	contactEmail: 'buchhaltung@muster.example',
	electronicAddress: 'buchhaltung@muster.example',
	iban: 'DE02120300000000202051',
	paymentTerms: 'Zahlbar innerhalb von 14 Tagen',
};

let session: EditorSession;

beforeAll(async () => {
	session = await openEditorSession({
		prefix: 'editor-einvoice',
		extraCredentials: [{ id: 'invoicing-seller-demo', name: 'Invoicing E-Invoice Seller API account', type: 'invoicingSellerApi', data: SELLER }],
	});
}, 8 * 60 * 1000);

afterAll(async () => {
	await session?.close();
});

/** POST to the editor's sandbox; the answer's JSON. */
async function post(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
	const response = await fetch(`${session.editor.sandbox.url}${path}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`POST ${path}: HTTP ${response.status}`);
	return (await response.json()) as Record<string, unknown>;
}

test('example 9: Export E-Invoice run in the editor shows the XRechnung file in the output panel, named INV-2026-0042.xml', async () => {
	// a Paid invoice of a client that examples/data/buyers.csv knows (the demo's Paid INV-1001 is not: error output)
	const client = ((await post('/client/add', { names: 'Stadtwerke Musterstadt', email: 'rechnung@stadtwerke.example' })).data as Array<{ id: string }>)[0].id;
	await post('/invoice/add', {
		client,
		invoice_no: INVOICE_NO,
		payment_status: 'Paid',
		currency: 'EUR',
		tax_rate: 19,
		items: [{ description: 'Wartung Februar', quantity: 4, rate: 85.5 }],
	});
	const { page, shot } = session;
	await session.scenario('einvoice-output', async () => {
		await session.openWorkflow(WORKFLOW_ID);
		const ndv = await session.openNode('Export E-Invoice');
		await ndv.locator('[data-test-id="node-execute-button"]').click();
		const output = ndv.locator('[data-test-id="output-panel"]');
		await output.getByText(`${INVOICE_NO}.xml`).first().waitFor();
		await output.locator('[data-test-id="ndv-run-data-display-mode"]').getByText('Binary', { exact: true }).first().click();
		const file = output.locator('[data-test-id="ndv-binary-data_0"]');
		await file.waitFor();
		await shot('1-binary');
		const fileText = await file.innerText();
		// the panel's top (branches and the file), not the empty rest nor the toast below
		const box = await output.boundingBox();
		if (!box) throw new Error('the output panel is not on the page');
		const panelShot = artifactPath('editor-einvoice-output-panel.png');
		await page.screenshot({ path: panelShot, clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, PANEL_SHOT_HEIGHT) } });
		if (process.env.INVOICING_UPDATE_MEDIA === '1') copyFileSync(panelShot, MEDIA_SHOT);

		expect(fileText).toContain(`${INVOICE_NO}.xml`);
		expect(fileText).toContain('application/xml');
		expect(await output.locator('[data-test-id="ndv-download-binary-data"]').count()).toBe(1);
		// the demo's Paid INV-1001 has no buyer in buyers.csv: the error branch, no file
		expect(await output.innerText()).toMatch(/Success Branch \(1 item\)[^]*Error Branch \(1 item\)/);
		expect(statSync(panelShot).size).toBeLessThan(60_000);
		await page.keyboard.press('Escape');
	});
});
