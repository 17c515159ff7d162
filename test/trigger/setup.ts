import type { INodeParameters } from 'n8n-workflow';

import { readState, type TriggerState } from '../../nodes/InvoicingTrigger/state';
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { TriggerUnderTest } from '../engine/harness/poll-trigger';
import { Service } from './service';

export const API_KEY = 'trigger-key';
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** One sandbox per test file (real clock, so "today" is the trigger's today), emptied before each test. */
export function useService() {
	const ctx = {} as { sandbox: Sandbox; service: Service };
	beforeAll(async () => {
		ctx.sandbox = await startSandbox({ apiKey: API_KEY });
		ctx.service = new Service(ctx.sandbox, API_KEY);
	});
	afterAll(async () => ctx.sandbox.close());
	beforeEach(() => {
		ctx.sandbox.reset({ seed: 'empty' });
		ctx.sandbox.clearFaults();
	});
	return ctx;
}

/** A trigger on the sandbox; `credentials` is kept by reference, so a test can change the key between polls. */
export function triggerOn(sandbox: Sandbox, parameters: INodeParameters, options: { timezone?: string; credentials?: Record<string, string> } = {}) {
	const credentials = options.credentials ?? { baseUrl: `${sandbox.url}/`, apiKey: API_KEY };
	return new TriggerUnderTest({ parameters, credentials, timezone: options.timezone });
}

/** Method and path of the requests the sandbox received since the last call, then forgets them. */
export function takeRequests(sandbox: Sandbox): string[] {
	const requests = sandbox.requests().map((r) => `${r.method} ${r.path}`);
	sandbox.clearRequests();
	return requests;
}

/** The records the trigger keeps, per resource (id -> fingerprint), read back from its packed static data. */
export const keptRecords = (trigger: TriggerUnderTest): TriggerState => readState(trigger.staticData());
