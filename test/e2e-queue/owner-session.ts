import { join } from 'node:path';

import { N8N_DIR } from '../../tools/scripts/n8n/config';

export const QUEUE_OWNER = { email: 'queue-e2e@invoicing.local', password: 'Queue-e2e-owner-1' };
const BROWSER_ID = 'invoicing-queue-e2e';

/**
 * n8n 2.x creates its owner from the environment at start (main only reads it). The hash is made with the
 * bcryptjs n8n ships, so n8n must be installed first.
 */
export function ownerEnvironment(): NodeJS.ProcessEnv {
	const bcrypt = require(join(N8N_DIR, 'node_modules', 'bcryptjs')) as { hashSync(text: string, rounds: number): string };
	return {
		N8N_SECURE_COOKIE: 'false',
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: QUEUE_OWNER.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: bcrypt.hashSync(QUEUE_OWNER.password, 10),
		N8N_INSTANCE_OWNER_FIRST_NAME: 'Queue',
		N8N_INSTANCE_OWNER_LAST_NAME: 'Owner',
	};
}

/** n8n's REST API as the signed-in owner, as the editor calls it (the auth cookie is bound to the browser id). */
export class OwnerSession {
	private cookie = '';

	constructor(private readonly base: string) {}

	async login(): Promise<void> {
		const response = await fetch(`${this.base}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify({ emailOrLdapLoginId: QUEUE_OWNER.email, password: QUEUE_OWNER.password }),
		});
		if (!response.ok) throw new Error(`login: HTTP ${response.status} ${await response.text()}`);
		this.cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
	}

	/** The executions list's Retry ("Retry with original workflow": `loadWorkflow` false). Returns n8n's answer. */
	async retry(executionId: string, loadWorkflow = false): Promise<{ status: number; body: string }> {
		const response = await fetch(`${this.base}/rest/executions/${executionId}/retry`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', cookie: this.cookie, 'browser-id': BROWSER_ID },
			body: JSON.stringify({ loadWorkflow }),
		});
		return { status: response.status, body: await response.text() };
	}
}
