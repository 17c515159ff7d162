/**
 * Active ISO 4217 currency codes (List One, as of 2026), funds and precious-metal codes included.
 * Left out: XTS (reserved for testing), XXX (no currency involved), and codes withdrawn by then:
 * ANG (replaced by XCG in 2025), BGN (Bulgaria adopted the euro on 2026-01-01), CUC, HRK, SLL, ZWL.
 */
const CODES =
	'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
	'CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP ' +
	'GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR ' +
	'KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN ' +
	'MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD ' +
	'SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX ' +
	'USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF ' +
	'XPT XSU XUA YER ZAR ZMW ZWG';

export const ISO_4217_CODES: ReadonlySet<string> = new Set(CODES.split(' '));

/** True for an active ISO 4217 code written in capitals, e.g. "EUR". */
export function isIsoCurrency(code: string): boolean {
	return ISO_4217_CODES.has(code);
}

/**
 * The code as the API wants it: surrounding spaces dropped and capitalised ("usd" is USD, there is no other
 * reading of it); null when the result is not an active ISO 4217 code.
 */
export function toCurrencyCode(value: string): string | null {
	const code = value.trim().toUpperCase();
	return isIsoCurrency(code) ? code : null;
}
