/**
 * End-to-end suite inside real n8n (installed once into a cache; the first run takes minutes): the examples, the
 * AI agent with the Invoicing tools, the Invoicing Trigger in `n8n start`, and the editor in Debian's chromium
 * (installed with apt-get when missing). Screenshots and run data land in test/e2e/artifacts/.
 */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', {}] },
	// this checkout's tarball built once for the suite (or taken from the test command's run), not once per file, and
	// chromium installed when missing, before any browser test
	globalSetup: '<rootDir>/test/setup/e2e-suite.ts',
	testTimeout: 20 * 60 * 1000,
};
