/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	// n8n's log lines (expected errors, by the hundred) are shown only for a failing test: test/setup/
	testEnvironment: '<rootDir>/test/setup/quiet-environment.js',
	setupFilesAfterEnv: ['<rootDir>/test/setup/n8n-logger.ts'],
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/e2e-queue/'],
	transform: { '^.+\\.ts$': ['ts-jest', {}] },
	// longest first, also in a fresh clone (no durations cached yet)
	testSequencer: '<rootDir>/test/setup/sequencer.js',
	testTimeout: 30000,
};
