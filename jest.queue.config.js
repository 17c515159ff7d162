/** Queue-mode suite: n8n main + 2 workers with Redis and Postgres on loopback (Redis installed when missing). */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e-queue'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', {}] },
	// this checkout's tarball built once for the suite (or taken from the test command's run), not once per file
	globalSetup: '<rootDir>/test/setup/package-tarball.ts',
	testTimeout: 20 * 60 * 1000,
};
