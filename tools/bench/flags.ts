import { resolve } from 'node:path';

/** The options every bench takes: which checkout, how many rounds, the warm-up, where the figures go. */
export interface CommonBenchArgs {
	/** Checkout whose package is built and measured. */
	packageDir: string;
	rounds: number;
	warmUpItems: number;
	outDir: string;
	/** The figures go to <out>/<name>.json. */
	name: string;
}

/**
 * Reads `argv` into `args`: the common options here, any other through `other` (false: unknown), then checks the
 * ranges. Every error names the flag and ends with the usage line.
 */
export function readBenchFlags<T extends CommonBenchArgs>(argv: string[], args: T, usage: string, other: (flag: string, value: () => string) => boolean = () => false): T {
	for (let index = 0; index < argv.length; index++) {
		const flag = argv[index];
		const value = () => {
			const next = argv[++index];
			if (next === undefined) throw new Error(`${flag} needs a value\n${usage}`);
			return next;
		};
		if (flag === '--package') args.packageDir = resolve(value());
		else if (flag === '--rounds') args.rounds = Number(value());
		else if (flag === '--warm-up') args.warmUpItems = Number(value());
		else if (flag === '--out') args.outDir = resolve(value());
		else if (flag === '--name') args.name = value();
		else if (!other(flag, value)) throw new Error(`unknown option ${flag}\n${usage}`);
	}
	if (!Number.isInteger(args.rounds) || args.rounds < 1 || args.rounds > 15) throw new Error(`--rounds must be 1..15\n${usage}`);
	if (!Number.isInteger(args.warmUpItems) || args.warmUpItems < 0 || args.warmUpItems > 500) throw new Error(`--warm-up must be 0..500\n${usage}`);
	return args;
}
