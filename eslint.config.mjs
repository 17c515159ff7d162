// n8n's community-node lint rules (the config `n8n-node lint` uses), applied to what the package ships.
// The sandbox, the scripts and the tests are dev-only (never published) and are left out.
import { config } from '@n8n/node-cli/eslint';
import { globalIgnores } from 'eslint/config';

export default [globalIgnores(['sandbox/**', 'scripts/**', 'test/**', 'bench/**', 'examples/**', 'dist/**', '*.js']), ...config];
