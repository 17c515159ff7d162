/**
 * Fast-suite setup: n8n's logger (n8n-core asks the DI container for @n8n/backend-common's Logger; n8n-workflow's
 * LoggerProxy forwards to it) writes into the buffer of quiet-environment.js instead of the console, so the
 * errors tests provoke on purpose stay out of the output unless the test fails.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { LoggerProxy } from 'n8n-workflow';
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

Container.set(Logger, bufferingLogger as unknown as Logger);
LoggerProxy.init(bufferingLogger);
