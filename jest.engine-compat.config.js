/**
 * Compatibility step, engine facts: test/engine/engine-assumptions.test.ts (each bet the node makes on how n8n
 * runs a declarative node, see nodes/Invoicing/engine/) on the n8n-core and n8n-workflow of another n8n version,
 * named by INVOICING_N8N_VERSION, taken from that version's install in the harness cache. The fast suite runs the
 * same test on the dev dependencies (the pinned version's n8n-core).
 */
const { existsSync } = require('node:fs');
const { homedir } = require('node:os');
const { join } = require('node:path');

const fast = require('./jest.config.js');

const version = process.env.INVOICING_N8N_VERSION;
if (!version) throw new Error('jest.engine-compat.config.js: set INVOICING_N8N_VERSION to an installed n8n version, e.g. 1.123.81');
// the cache root as tools/scripts/n8n/config.ts (CACHE_ROOT) has it
const cacheRoot = process.env.N8N_INVOICING_CACHE ?? join(homedir(), '.cache', 'n8n-nodes-invoicing');
const modules = join(cacheRoot, `n8n-${version}`, 'node_modules');
if (!existsSync(join(modules, 'n8n-core', 'package.json'))) {
	throw new Error(`jest.engine-compat.config.js: n8n ${version} is not installed in ${cacheRoot}: run npm test (it installs the versions of tools/scripts/n8n/versions.json)`);
}

/** @type {import('jest').Config} */
module.exports = {
	...fast,
	// and the bet that a mapping read from the item is what n8n would evaluate (helpers/input/item-parameter)
	testMatch: ['**/engine/engine-assumptions.test.ts', '**/engine/item-parameter.test.ts'],
	// n8n-core 1.x leaves timers of its own running after the executions end; the fast suite runs this file in a
	// worker that Jest stops, here it runs in Jest's own process, which would wait for them for ever
	forceExit: true,
	moduleNameMapper: {
		'^n8n-core$': join(modules, 'n8n-core'),
		'^n8n-workflow$': join(modules, 'n8n-workflow'),
	},
};
