import { startSandbox } from './server';
import type { LimitSpec, SandboxOptions } from './types';

const USAGE =
	'usage: npm run sandbox -- [--port 4010] [--api-key KEY] [--seed demo|empty] [--data FILE] [--deterministic]' +
	' [--max-concurrent N] [--max-per-second N] [--service-time-ms MS]';

const LIMIT_FLAGS: Record<string, keyof LimitSpec> = {
	'--max-concurrent': 'maxConcurrent',
	'--max-per-second': 'maxPerSecond',
	'--service-time-ms': 'serviceTimeMs',
};

function parseArgs(argv: string[]): SandboxOptions {
	const options: SandboxOptions = { port: 4010 };
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		const value = () => {
			const next = argv[++i];
			if (next === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
			return next;
		};
		if (flag === '--port') options.port = Number(value());
		else if (flag === '--api-key') options.apiKey = value();
		else if (flag === '--seed') options.seed = value() === 'demo' ? 'demo' : 'empty';
		else if (flag === '--data') options.dataFile = value();
		else if (flag === '--deterministic') options.deterministic = true;
		else if (flag in LIMIT_FLAGS) {
			const number = Number(value());
			if (!Number.isInteger(number) || number < 0) throw new Error(`${flag} needs a whole number of 0 or more\n${USAGE}`);
			options.limits = { ...options.limits, [LIMIT_FLAGS[flag]]: number };
		}
		else throw new Error(`unknown option ${flag}\n${USAGE}`);
	}
	return options;
}

async function main() {
	const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
	console.log(sandbox.url);
	const stop = () => void sandbox.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(2);
});
