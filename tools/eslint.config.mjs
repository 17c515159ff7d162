// The one lint configuration of the dev code (tools/ and test/, which re-exports this file). It is n8n's own
// community-node config with the rules that exist for code running inside n8n turned off: this code runs in
// Node, outside n8n, and is never published (tools/scripts/check-pack.js refuses a package holding it).
// nodes/ and credentials/ keep n8n's config unmodified (the root eslint.config.mjs, which `n8n-node lint`
// strict mode requires byte for byte). ESLint picks the nearest config of each file because
// tools/scripts/lint.js (`npm run lint`) turns on its per-folder lookup; see docs/development.md "Lint".
import { config } from '@n8n/node-cli/eslint';

export default [
	...config,
	{
		files: ['**/*.ts'],
		rules: {
			// Node built-ins, process, timers, child processes and require: what a server, a harness or a bench is made of.
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			'@typescript-eslint/no-require-imports': 'off',
			// Fixed demo and test keys of the sandbox, never real secrets.
			'@n8n/community-nodes/no-hardcoded-secrets': 'off',
			// The sandbox, the harness and the tests throw plain errors: NodeApiError is for a node's users.
			'@n8n/community-nodes/require-node-api-error': 'off',
			// Command-line tools print their progress and results.
			'no-console': 'off',
		},
	},
];
