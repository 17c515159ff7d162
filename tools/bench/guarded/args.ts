import { resolve } from 'node:path';

import { REPO_ROOT } from '../../scripts/n8n/config';
import { readBenchFlags, type CommonBenchArgs } from '../flags';

export type GuardedArgs = CommonBenchArgs;

const USAGE = 'usage: npm run bench:guarded-create -- [--package DIR] [--rounds N (1..15, default 3)] [--warm-up N (0..500, default 50)] [--out DIR] [--name guarded-create]';

export function parseGuardedArgs(argv: string[]): GuardedArgs {
	return readBenchFlags(argv, { packageDir: REPO_ROOT, rounds: 3, warmUpItems: 50, outDir: resolve(REPO_ROOT, '.tmp', 'bench'), name: 'guarded-create' }, USAGE);
}
