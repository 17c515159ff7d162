/**
 * What a browser test of the editor starts from: `npm start`'s setup on free ports (sandbox with demo data, real
 * n8n with the package, the credential and the examples), Debian's chromium, the demo owner signed in.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { BrowserContext, Locator, Page } from 'playwright-core';

import { DEMO_OWNER, logTail, startEditor, type RunningEditor } from '../../../tools/scripts/n8n/editor';
import { freePort } from '../../../tools/scripts/n8n/free-port';
import type { CredentialFile } from '../../../tools/scripts/n8n/n8n-cli';
import { artifactPath } from '../artifacts';
import { launchChromium } from './chromium';

export interface EditorSession {
	editor: RunningEditor;
	page: Page;
	/** A screenshot of the whole page in test/e2e/artifacts/<prefix>-<name>.png. */
	shot(name: string): Promise<void>;
	/** Runs steps; on failure a screenshot of the moment is kept beside the others. */
	scenario(name: string, steps: () => Promise<void>): Promise<void>;
	/** A workflow on the canvas, nothing open. */
	openWorkflow(workflowId: string): Promise<void>;
	/** A node of the canvas opened: its node details view. */
	openNode(name: string): Promise<Locator>;
	close(): Promise<void>;
	/** Seconds the setup and the n8n start took. */
	startSeconds: number;
}

export async function openEditorSession(options: { prefix: string; stepTimeoutMs?: number; extraCredentials?: CredentialFile[] }): Promise<EditorSession> {
	const started = Date.now();
	const [n8nPort, sandboxPort] = [await freePort(), await freePort()];
	/** What broke outside the steps (n8n exited, the page crashed): a failing step says it. */
	let brokenBy: string | undefined;
	const editor = await startEditor({
		home: mkdtempSync(join(tmpdir(), 'invoicing-editor-')),
		n8nPort,
		sandboxPort,
		extraCredentials: options.extraCredentials,
		onUnexpectedExit: (code) => (brokenBy = `n8n exited during the tests (code ${code})`),
	});
	const startSeconds = Math.round((Date.now() - started) / 1000);
	let browser: BrowserContext | undefined;
	const close = async () => {
		await browser?.close();
		await editor.stop();
	};
	try {
		browser = await launchChromium().catch(async (error: unknown) => {
			console.log(`[browser test] chromium did not start (${String(error).split('\n')[0]}); starting it once more`);
			return await launchChromium();
		});
		browser.setDefaultTimeout(options.stepTimeoutMs ?? 60_000);
		const page = await browser.newPage();
		// leaving a workflow with unsaved edits asks first: leave
		page.on('dialog', (dialog) => void dialog.accept());
		page.on('crash', () => (brokenBy = 'the browser page crashed'));
		const shot = async (name: string) => {
			await page.screenshot({ path: artifactPath(`${options.prefix}-${name}.png`) });
		};
		await signIn(page, editor, () => shot('failure-sign-in'));
		return {
			editor,
			page,
			shot,
			startSeconds,
			close,
			scenario: async (name, steps) => {
				try {
					await steps();
				} catch (error) {
					await shot(`failure-${name}`).catch(() => undefined);
					if (brokenBy && error instanceof Error) error.message += `\n${brokenBy}. The end of n8n's log (${editor.logFile}):\n${logTail(editor.logFile)}`;
					throw error;
				}
			},
			openWorkflow: async (workflowId) => {
				await page.goto(`${editor.editorUrl}/workflow/${workflowId}`);
				await page.locator('[data-test-id="canvas-node"]').first().waitFor();
			},
			openNode: async (name) => {
				await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
				const ndv = page.locator('[data-test-id="ndv"]');
				await ndv.waitFor();
				return ndv;
			},
		};
	} catch (error) {
		await close();
		throw error;
	}
}

/**
 * The demo owner signed in; a second try from a fresh sign-in page when the first does not get past it. A failure
 * says where the page was and ends with n8n's log, so a run read from its output alone says why.
 */
async function signIn(page: Page, editor: RunningEditor, screenshot: () => Promise<void>): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		try {
			await page.goto(`${editor.editorUrl}/signin`);
			await page.locator('input[name="emailOrLdapLoginId"]').fill(DEMO_OWNER.email);
			await page.locator('input[name="password"]').fill(DEMO_OWNER.password);
			await page.getByRole('button', { name: 'Sign in' }).click();
			await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
			return;
		} catch (error) {
			if (attempt < 2) continue;
			await screenshot().catch(() => undefined);
			const why = String(error).split('\n')[0];
			throw new Error(`Signing in as the demo owner failed twice (${why}); the page was at ${page.url()}. The end of n8n's log (${editor.logFile}):\n${logTail(editor.logFile)}`);
		}
	}
}
