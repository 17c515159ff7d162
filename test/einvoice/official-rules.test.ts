import fc from 'fast-check';
import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildEInvoice, checkEInvoice, EINVOICE_FORMATS } from '../../nodes/Invoicing/einvoice';
import type { EInvoiceFormat } from '../../nodes/Invoicing/einvoice/types';
import { invoiceArbitrary } from './arbitraries';
import { ensureValidators, RULES, runRules, schemaErrors } from './validator';

/** INVOICING_EINVOICE_RUNS=5000 runs the long survey by hand */
const RUNS = Number(process.env.INVOICING_EINVOICE_RUNS ?? 200);
const SEED = 20261129;

const work = mkdtempSync(join(tmpdir(), 'invoicing-einvoice-'));
const folder = (name: string) => {
	const path = join(work, name);
	mkdirSync(path, { recursive: true });
	return path;
};

/** Failed fatal/error rules per file, over every rule set that applies, plus the CII schema's refusals. */
const failures = new Map<string, string[]>();
const written: Record<string, number> = {};

beforeAll(async () => {
	ensureValidators();
	const dirs = { ubl: folder('ubl'), ublXr: folder('ubl-xrechnung'), cii: folder('cii'), ciiXr: folder('cii-xrechnung') };
	const ciiFiles: string[] = [];
	EINVOICE_FORMATS.forEach((format, index) => {
		const inputs = fc.sample(invoiceArbitrary(format.value), { seed: SEED + index, numRuns: RUNS });
		inputs.forEach((input, n) => {
			const name = `${format.value}-${String(n).padStart(5, '0')}.xml`;
			const missing = checkEInvoice(input);
			if (missing.length > 0) failures.set(name, missing.map((term) => `missing ${term.bt}`));
			const dir = format.syntax === 'ubl' ? dirs.ubl : dirs.cii;
			writeFileSync(join(dir, name), buildEInvoice(input).xml);
			if (format.rules.includes('XRechnung')) linkSync(join(dir, name), join(format.syntax === 'ubl' ? dirs.ublXr : dirs.ciiXr, name));
			if (format.syntax === 'cii') ciiFiles.push(join(dir, name));
		});
		written[format.value] = inputs.length;
	});
	const runs = await Promise.all([
		runRules(RULES.enUbl, dirs.ubl, folder('out-ubl')),
		runRules(RULES.xrUbl, dirs.ublXr, folder('out-ubl-xrechnung')),
		runRules(RULES.enCii, dirs.cii, folder('out-cii')),
		runRules(RULES.xrCii, dirs.ciiXr, folder('out-cii-xrechnung')),
	]);
	for (const results of runs) for (const [file, ids] of results) if (ids.length > 0) failures.set(file, [...(failures.get(file) ?? []), ...ids]);
	const schema = schemaErrors(ciiFiles);
	for (const path of schema.refused) failures.set(path, [...(failures.get(path) ?? []), 'CII D16B schema']);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const summary = (format: EInvoiceFormat) =>
	[...failures].filter(([file]) => file.includes(format)).slice(0, 5).map(([file, ids]) => `${file}: ${ids.join(' ')}`);

describe.each(EINVOICE_FORMATS.map((format) => [format.value, format.rules.join(' + ')] as const))('%s files against %s', (format) => {
	test(`${RUNS} generated invoices, none failing a rule of flag fatal or error`, () => {
		expect(written[format]).toBe(RUNS);
		expect(summary(format)).toEqual([]);
	});
});
