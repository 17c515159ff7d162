/** End-to-end suite: the examples inside real n8n (installed once into a cache; the first run takes minutes). */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', {}] },
	testTimeout: 20 * 60 * 1000,
};
