import { resolve } from 'node:path';

import { REPO_ROOT } from '../scripts/n8n/config';
import { readBenchFlags, type CommonBenchArgs } from './flags';

export interface BenchArgs extends CommonBenchArgs {
	profile: boolean;
	/** The book-size scenario (one item per contender over books of 100, 10,000, 50,000 invoices): with the rest, alone (with the By Number one), or not. */
	book: 'with' | 'only' | 'none';
	/** Record Payment By Number against By ID, 100 items over a 10,000-invoice book: with the book sizes, alone, or not. */
	byNumber: 'with' | 'only' | 'none';
	/** The counted scenarios (guarded create x1,000, life-cycle chain, Next in Sequence x100) in the rounds. */
	counted: 'with' | 'only' | 'none';
	/** Export E-Invoice x1,000 against Get Invoice x1,000 in the same executions: with the rest, alone, or not. */
	einvoice: 'with' | 'only' | 'none';
}

const USAGE =
	'usage: npm run bench -- [--package DIR] [--rounds N (>= 1, default 5)] [--profile] [--out DIR] [--name bench] [--warm-up N (default 50, 0 = none)] [--book-only | --no-book] [--by-number-only | --no-by-number] [--counted-only | --no-counted] [--einvoice-only | --no-einvoice]';

export function parseArgs(argv: string[]): BenchArgs {
	const defaults: BenchArgs = { packageDir: REPO_ROOT, rounds: 5, profile: false, outDir: resolve(REPO_ROOT, '.tmp', 'bench'), name: 'bench', warmUpItems: 50, book: 'with', byNumber: 'with', counted: 'with', einvoice: 'with' };
	const args = readBenchFlags(argv, defaults, USAGE, (flag) => {
		if (flag === '--profile') defaults.profile = true;
		else if (flag === '--book-only') defaults.book = 'only';
		else if (flag === '--no-book') defaults.book = 'none';
		else if (flag === '--by-number-only') defaults.byNumber = 'only';
		else if (flag === '--no-by-number') defaults.byNumber = 'none';
		else if (flag === '--no-counted') defaults.counted = 'none';
		else if (flag === '--no-einvoice') defaults.einvoice = 'none';
		else if (flag === '--einvoice-only') defaults.einvoice = 'only';
		else if (flag === '--counted-only') {
			defaults.counted = 'only';
			defaults.book = 'none';
			defaults.byNumber = 'none';
		}
		else return false;
		return true;
	});
	// --einvoice-only: that scenario alone, whatever else was asked
	if (args.einvoice === 'only') Object.assign(args, { book: 'none', byNumber: 'none', counted: 'none' });
	if (args.byNumber === 'only') args.book = args.book === 'only' ? 'only' : 'none';
	if (args.book === 'only' && args.byNumber === 'with') args.byNumber = 'only';
	if (args.einvoice === 'with' && [args.book, args.byNumber, args.counted].includes('only')) args.einvoice = 'none';
	return args;
}
