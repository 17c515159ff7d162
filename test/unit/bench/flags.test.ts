import { resolve } from 'node:path';

import { parseArgs } from '../../../tools/bench/args';
import { parseGuardedArgs } from '../../../tools/bench/guarded/args';

describe('bench options', () => {
	test('npm run bench: common and own flags', () => {
		expect(parseArgs(['--rounds', '3', '--profile', '--by-number-only', '--package', 'x'])).toMatchObject({ rounds: 3, profile: true, byNumber: 'only', book: 'none', packageDir: resolve('x'), warmUpItems: 50 });
	});

	test('npm run bench -- --einvoice-only: that scenario alone; another scenario alone leaves it out', () => {
		expect(parseArgs(['--einvoice-only'])).toMatchObject({ einvoice: 'only', book: 'none', byNumber: 'none', counted: 'none' });
		expect(parseArgs(['--book-only'])).toMatchObject({ einvoice: 'none', book: 'only' });
		expect(parseArgs([])).toMatchObject({ einvoice: 'with', book: 'with', counted: 'with' });
		expect(parseArgs(['--no-einvoice'])).toMatchObject({ einvoice: 'none' });
	});

	test('npm run bench:guarded-create: its defaults, and no flag of the main bench', () => {
		expect(parseGuardedArgs([])).toMatchObject({ rounds: 3, warmUpItems: 50, name: 'guarded-create' });
		expect(() => parseGuardedArgs(['--profile'])).toThrow(/^unknown option --profile\nusage: npm run bench:guarded-create/);
	});

	test('a missing value or a value out of range is refused, naming the flag', () => {
		expect(() => parseArgs(['--rounds'])).toThrow(/^--rounds needs a value\n/);
		expect(() => parseGuardedArgs(['--rounds', '16'])).toThrow(/^--rounds must be 1\.\.15\n/);
		expect(() => parseArgs(['--warm-up', '-1'])).toThrow(/^--warm-up must be 0\.\.500\n/);
	});
});
