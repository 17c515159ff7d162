/**
 * Compatibility step: the end-to-end tests that exercise the node itself (the examples, the manual-install error
 * check, the Invoicing Trigger in `n8n start`, the AI agent with the Invoicing tools, n8n's HTTP Request node with the
 * Invoicing API credential) on another n8n version, named
 * by INVOICING_N8N_VERSION (tools/scripts/run-tests.js runs it for each version of tools/scripts/n8n/versions.json "compat").
 * The editor test stays on the default version only.
 */
const e2e = require('./jest.e2e.config.js');

/** @type {import('jest').Config} */
module.exports = {
	...e2e,
	testMatch: ['**/examples.test.ts', '**/trigger.test.ts', '**/ai-agent.test.ts', '**/http-request-credential.test.ts'],
};
