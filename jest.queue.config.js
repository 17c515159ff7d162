/** Queue-mode suite: n8n main + 2 workers with Redis and Postgres on loopback (Redis installed when missing). */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e-queue'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', {}] },
	testTimeout: 20 * 60 * 1000,
};
