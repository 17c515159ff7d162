/**
 * Fast-suite setup: n8n's logger (n8n-core asks the DI container for @n8n/backend-common's Logger; n8n-workflow's
 * LoggerProxy forwards to it) writes into the buffer of quiet-environment.js instead of the console, so the
 * errors tests provoke on purpose stay out of the output unless the test fails.
 * Put in place when a test file first loads each module, not before every file: loading both cost about a second
 * per file, and many files (rules, unit) load neither. The modules themselves are n8n's own, unchanged.
 */
import type * as BackendCommon from '@n8n/backend-common';
import type * as Di from '@n8n/di';
import type * as Workflow from 'n8n-workflow';
import { inspect } from 'node:util';

const sink = (globalThis as { __invoicingTestLogs?: string[] }).__invoicingTestLogs ?? [];

function record(level: string) {
	return (message: string, meta?: object) => {
		const details = meta && Object.keys(meta).length > 0 ? ` ${inspect(meta, { depth: 3, breakLength: Infinity })}` : '';
		sink.push(`[${level}] ${message}${details}`);
	};
}

const bufferingLogger = {
	error: record('error'),
	warn: record('warn'),
	info: record('info'),
	// debug lines are not kept: the load tests would hold thousands
	debug: () => undefined,
	scoped: () => bufferingLogger,
};

jest.mock('@n8n/backend-common', () => {
	const actual = jest.requireActual<typeof BackendCommon>('@n8n/backend-common');
	jest.requireActual<typeof Di>('@n8n/di').Container.set(actual.Logger, bufferingLogger as unknown as BackendCommon.Logger);
	return actual;
});

jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual<typeof Workflow>('n8n-workflow');
	actual.LoggerProxy.init(bufferingLogger);
	return actual;
});
