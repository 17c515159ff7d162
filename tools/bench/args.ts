import { resolve } from 'node:path';

import { REPO_ROOT } from '../scripts/n8n/config';

export interface BenchArgs {
	/** Checkout whose package is built and measured. */
	packageDir: string;
	rounds: number;
	profile: boolean;
	outDir: string;
	/** Files are <name>.json and <name>.svg. */
	name: string;
	warmUpItems: number;
	/** The book-size scenario (one item per contender over books of 100, 10,000, 50,000 invoices): with the rest, alone (with the By Number one), or not. */
	book: 'with' | 'only' | 'none';
	/** Record Payment By Number against By ID, 100 items over a 10,000-invoice book: with the book sizes, alone, or not. */
	byNumber: 'with' | 'only' | 'none';
}

const USAGE =
	'usage: npm run bench -- [--package DIR] [--rounds N (>= 1, default 5)] [--profile] [--out DIR] [--name bench] [--warm-up N (default 50, 0 = none)] [--book-only | --no-book] [--by-number-only | --no-by-number]';

export function parseArgs(argv: string[]): BenchArgs {
	const args: BenchArgs = { packageDir: REPO_ROOT, rounds: 5, profile: false, outDir: resolve(REPO_ROOT, '.tmp', 'bench'), name: 'bench', warmUpItems: 50, book: 'with', byNumber: 'with' };
	for (let index = 0; index < argv.length; index++) {
		const flag = argv[index];
		const value = () => {
			const next = argv[++index];
			if (next === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
			return next;
		};
		if (flag === '--package') args.packageDir = resolve(value());
		else if (flag === '--rounds') args.rounds = Number(value());
		else if (flag === '--profile') args.profile = true;
		else if (flag === '--out') args.outDir = resolve(value());
		else if (flag === '--name') args.name = value();
		else if (flag === '--warm-up') args.warmUpItems = Number(value());
		else if (flag === '--book-only') args.book = 'only';
		else if (flag === '--no-book') args.book = 'none';
		else if (flag === '--by-number-only') args.byNumber = 'only';
		else if (flag === '--no-by-number') args.byNumber = 'none';
		else throw new Error(`unknown option ${flag}\n${USAGE}`);
	}
	if (args.byNumber === 'only') args.book = args.book === 'only' ? 'only' : 'none';
	if (args.book === 'only' && args.byNumber === 'with') args.byNumber = 'only';
	if (!Number.isInteger(args.rounds) || args.rounds < 1 || args.rounds > 15) throw new Error(`--rounds must be 1..15\n${USAGE}`);
	if (!Number.isInteger(args.warmUpItems) || args.warmUpItems < 0 || args.warmUpItems > 500) throw new Error(`--warm-up must be 0..500\n${USAGE}`);
	return args;
}
