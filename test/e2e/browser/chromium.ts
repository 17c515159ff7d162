/**
 * Debian's chromium for playwright-core (which cannot download its own browsers here): installed with apt-get
 * when missing, then launched headless with a fresh profile and nothing that reaches the network by itself.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, type BrowserContext } from 'playwright-core';

import { installDebianPackages } from '../../../tools/scripts/debian-packages';

export const CHROMIUM = '/usr/bin/chromium';

export async function ensureChromium(): Promise<void> {
	if (existsSync(CHROMIUM)) return;
	console.log(`[browser test] ${CHROMIUM} is missing: installing Debian's chromium with apt-get (about a minute) ...`);
	await installDebianPackages(['chromium']);
	if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
	console.log('[browser test] chromium installed');
}

/** A headless browser with a fresh profile (playwright takes the profile folder itself, not as --user-data-dir). */
export async function launchChromium(): Promise<BrowserContext> {
	await ensureChromium();
	const profile = mkdtempSync(join(tmpdir(), 'invoicing-chromium-'));
	return await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		viewport: { width: 1600, height: 1000 },
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			// a container's /dev/shm may be small (64 MB): a page that runs out of it crashes
			'--disable-dev-shm-usage',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
}
