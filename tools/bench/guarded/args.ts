import { resolve } from 'node:path';

import { REPO_ROOT } from '../../scripts/n8n/config';

export interface GuardedArgs {
	/** Checkout whose package is built and measured. */
	packageDir: string;
	rounds: number;
	warmUpItems: number;
	outDir: string;
	/** The figures go to <out>/<name>.json. */
	name: string;
}

const USAGE = 'usage: npm run bench:guarded-create -- [--package DIR] [--rounds N (1..15, default 3)] [--warm-up N (0..500, default 50)] [--out DIR] [--name guarded-create]';

export function parseGuardedArgs(argv: string[]): GuardedArgs {
	const args: GuardedArgs = { packageDir: REPO_ROOT, rounds: 3, warmUpItems: 50, outDir: resolve(REPO_ROOT, '.tmp', 'bench'), name: 'guarded-create' };
	for (let index = 0; index < argv.length; index++) {
		const flag = argv[index];
		const value = () => {
			const next = argv[++index];
			if (next === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
			return next;
		};
		if (flag === '--package') args.packageDir = resolve(value());
		else if (flag === '--rounds') args.rounds = Number(value());
		else if (flag === '--warm-up') args.warmUpItems = Number(value());
		else if (flag === '--out') args.outDir = resolve(value());
		else if (flag === '--name') args.name = value();
		else throw new Error(`unknown option ${flag}\n${USAGE}`);
	}
	if (!Number.isInteger(args.rounds) || args.rounds < 1 || args.rounds > 15) throw new Error(`--rounds must be 1..15\n${USAGE}`);
	if (!Number.isInteger(args.warmUpItems) || args.warmUpItems < 0 || args.warmUpItems > 500) throw new Error(`--warm-up must be 0..500\n${USAGE}`);
	return args;
}
