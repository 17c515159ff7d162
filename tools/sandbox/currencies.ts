/**
 * The currencies the service accepts: ISO 4217 List One as in force in 2026 (funds and precious metals
 * included; XTS, XXX and the codes withdrawn by then refused: ANG, BGN, CUC, HRK, SLL, ZWL). The service's own
 * list, kept apart from the node's on purpose: the reference server checks the client, so it must be able to
 * disagree with it. test/contract/currencies.test.ts shows the two lists agree today.
 */
const BY_INITIAL = [
	'AED AFN ALL AMD AOA ARS AUD AWG AZN',
	'BAM BBD BDT BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD',
	'CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK',
	'DJF DKK DOP DZD',
	'EGP ERN ETB EUR',
	'FJD FKP',
	'GBP GEL GHS GIP GMD GNF GTQ GYD',
	'HKD HNL HTG HUF',
	'IDR ILS INR IQD IRR ISK',
	'JMD JOD JPY',
	'KES KGS KHR KMF KPW KRW KWD KYD KZT',
	'LAK LBP LKR LRD LSL LYD',
	'MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN',
	'NAD NGN NIO NOK NPR NZD',
	'OMR',
	'PAB PEN PGK PHP PKR PLN PYG',
	'QAR',
	'RON RSD RUB RWF',
	'SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL',
	'THB TJS TMT TND TOP TRY TTD TWD TZS',
	'UAH UGX USD USN UYI UYU UYW UZS',
	'VED VES VND VUV',
	'WST',
	'XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XUA',
	'YER',
	'ZAR ZMW ZWG',
];

export const SERVICE_CURRENCIES: ReadonlySet<string> = new Set(BY_INITIAL.flatMap((line) => line.split(' ')));

/** True for a code the service takes, in capitals as it wants it ("EUR", not "eur"). */
export function isServiceCurrency(code: string): boolean {
	return SERVICE_CURRENCIES.has(code);
}
