#!/usr/bin/env node
// `npm run lint`: n8n's own `n8n-node lint` (strict mode: eslint.config.mjs stays n8n's default and lints nodes/
// and credentials/ as n8n does), with ESLint's per-folder config lookup turned on, so that tools/ and test/ are
// linted with their own config (tools/eslint.config.mjs) instead of a disable line in every file.
// The lookup is a flag in ESLint 9 (the default from ESLint 10); test/rules/lint.test.ts checks it takes effect.
'use strict';
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const FLAG = 'unstable_config_lookup_from_file';
const root = join(__dirname, '..', '..');
const flags = [process.env.ESLINT_FLAGS, FLAG].filter(Boolean).join(',');
const cli = join(root, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs');
const result = spawnSync(process.execPath, [cli, 'lint', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: { ...process.env, ESLINT_FLAGS: flags } });
process.exit(result.status ?? 1);
