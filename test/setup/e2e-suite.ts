import { ensureChromium } from '../e2e/browser/chromium';
import packageTarball from './package-tarball';

/**
 * Global setup of the end-to-end suite: the package's tarball, and Debian's chromium for the browser tests installed
 * before any test starts (a first install takes about a minute; it belongs to no test's time).
 */
export default async function e2eSuite(): Promise<void> {
	await packageTarball();
	await ensureChromium();
}
