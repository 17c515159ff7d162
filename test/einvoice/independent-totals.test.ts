import fc from 'fast-check';

import { buildEInvoice, EINVOICE_FORMATS } from '../../nodes/Invoicing/einvoice';
import { invoiceArbitrary } from './arbitraries';
import { eInvoiceEuCii, eInvoiceEuJson } from './e-invoice-eu';
import { oracleTotals } from './oracle';

const RUNS = Number(process.env.INVOICING_EINVOICE_RUNS ?? 200);
/** the seeds of the official-rules survey: the same invoices */
const SEED = 20261129;

/** BT-106, 109, 110, 112, 113, 115 as written in a CII file's header summation */
function ciiTotals(xml: string) {
	const amount = (name: string) => new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)</ram:${name}>`).exec(xml.slice(xml.indexOf('SpecifiedTradeSettlementHeaderMonetarySummation')))?.[1];
	return {
		lineTotal: amount('LineTotalAmount'),
		taxBasis: amount('TaxBasisTotalAmount'),
		taxAmount: amount('TaxTotalAmount'),
		totalWithTax: amount('GrandTotalAmount'),
		paid: amount('TotalPrepaidAmount'),
		due: amount('DuePayableAmount'),
	};
}

describe.each(EINVOICE_FORMATS.map((format, index) => [format.value, index] as const))('%s: totals computed another way', (format, index) => {
	const inputs = fc.sample(invoiceArbitrary(format), { seed: SEED + index, numRuns: RUNS });

	test(`on ${RUNS} invoices, exact fractions give the same line nets and BT-106 to BT-115`, () => {
		const differing = inputs.filter((input) => {
			const { lineNets, ...expected } = oracleTotals(input);
			const result = buildEInvoice(input);
			const nets = [...result.xml.matchAll(/<(?:cbc:LineExtensionAmount|ram:LineTotalAmount)[^>]*>([^<]*)</g)].map((match) => match[1]);
			const writtenNets = format.endsWith('ubl') ? nets.slice(1) : nets.slice(0, -1);
			return JSON.stringify(result.totals) !== JSON.stringify(expected) || JSON.stringify(writtenNets) !== JSON.stringify(lineNets);
		});
		expect(differing.map((input) => input.number)).toEqual([]);
	});

	test(`on ${RUNS} invoices, @e-invoice-eu/core accepts the figures and writes the same totals`, async () => {
		const differing: string[] = [];
		for (const input of inputs) {
			const expected = oracleTotals(input);
			const theirs = ciiTotals(await eInvoiceEuCii(eInvoiceEuJson(input, expected)));
			const ours = buildEInvoice(input).totals;
			if (JSON.stringify(theirs) !== JSON.stringify(ours)) differing.push(`${input.number}: ${JSON.stringify(theirs)} vs ${JSON.stringify(ours)}`);
		}
		expect(differing).toEqual([]);
	}, 300_000);
});
