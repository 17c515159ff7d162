import type { IDataObject } from 'n8n-workflow';

import { packRecords, unpackRecords, type SeenRecords } from '../../nodes/InvoicingTrigger/packed-records';
import { readState, writeState } from '../../nodes/InvoicingTrigger/state';

const roundTrip = (kind: 'payment' | 'acceptance' | 'plain', seen: SeenRecords) => unpackRecords(kind, packRecords(kind, seen));

describe('Invoicing Trigger: packed records', () => {
	test('consecutive ids cost one character each beside their mark; the text is the same whatever the order', () => {
		expect(packRecords('plain', { '12': '', '10': '', '11': '' })).toEqual({ packed: 'AK' + 'AA' + 'AA', other: {} });
		expect(packRecords('acceptance', { '11': 'T', '10': 'F' })).toEqual({ packed: 'AK' + 'BA', other: {} });
		// N0 without cents, then P0 with 10000 cents (3 characters), 1 apart
		expect(packRecords('payment', { '5': 'N0:0', '6': 'P0:10000' })).toEqual({ packed: 'AF' + 'FACcQ', other: {} });
	});

	test('gives back every id and fingerprint exactly: far apart ids, ids past 2^53, large amounts', () => {
		const seen: SeenRecords = {
			'0': 'N0:0',
			'1': 'N1:1',
			'1795692209513003': 'P0:10000',
			'1795692209513004': 'N0:16777215',
			'1795692209513005': 'N0:16777216',
			'1795692309513005': 'N1:9007199254740991',
			'9007199254740990': 'N0:0',
			'9007199254740991': 'N0:1',
			'9007199254740992': 'P0:2',
			'9007199254740993': 'N1:3',
			'99999999999999999999999999999999': 'P0:0',
		};
		expect(roundTrip('payment', seen)).toEqual(seen);
		expect(packRecords('payment', seen).other).toEqual({});
	});

	test('ids that are not plain decimal numbers and fingerprints without a mark stay as they are', () => {
		const seen: SeenRecords = { '007': 'N0:0', 'inv-1': 'P0:5', '-3': 'N0:0', '12': 'P1:0', '13': 'N0:01', '14': 'N0:1e3', '15': 'N0:0' };
		const { other } = packRecords('payment', seen);
		expect(other).toEqual({ '007': 'N0:0', 'inv-1': 'P0:5', '-3': 'N0:0', '12': 'P1:0', '13': 'N0:01', '14': 'N0:1e3' });
		expect(roundTrip('payment', seen)).toEqual(seen);
		expect(packRecords('acceptance', { '1': 'N0:0', '2': 'T' }).other).toEqual({ '1': 'N0:0' });
	});

	test('a thousand random records come back exactly', () => {
		let value = 7;
		const next = (limit: number) => (value = (value * 48271) % 2147483647) % limit;
		const seen: SeenRecords = {};
		let id = 10n ** 15n;
		for (let index = 0; index < 1000; index += 1) {
			id += BigInt(next(5) === 0 ? next(2147483646) * 1000 : next(70));
			seen[String(id)] = `${['N0', 'N1', 'P0'][next(3)]}:${next(4) === 0 ? 0 : next(2147483646)}`;
		}
		expect(roundTrip('payment', seen)).toEqual(seen);
	});

	test('a text packRecords cannot have written is refused; the state then starts a new baseline for that resource', () => {
		expect(() => unpackRecords('payment', { packed: 'AF!', other: {} })).toThrow();
		expect(() => unpackRecords('payment', { packed: 'AFL', other: {} })).toThrow();
		expect(() => unpackRecords('acceptance', { packed: 'CA', other: {} })).toThrow();
		expect(() => unpackRecords('plain', { packed: 'AA', other: { '0': '' } })).toThrow();
		const staticData: IDataObject = {};
		writeState(staticData, { client: { '1': '' }, invoice: { '2': 'N0:0' } });
		expect(staticData).toEqual({ state: { format: 2, packed: { client: 'AB', invoice: 'AC' } } });
		(staticData.state as IDataObject).packed = { client: 'AB', invoice: 'AC!' };
		expect(readState(staticData)).toEqual({ client: { '1': '' } });
	});

	test('records that do not pack are kept beside the packed text, and a resource with no records stays known', () => {
		const staticData: IDataObject = {};
		writeState(staticData, { client: {}, estimate: { 'E-1': 'T', '4': 'F' } });
		expect(staticData).toEqual({ state: { format: 2, packed: { client: '', estimate: 'AE' }, other: { estimate: { 'E-1': 'T' } } } });
		expect(readState(staticData)).toEqual({ client: {}, estimate: { 'E-1': 'T', '4': 'F' } });
	});
});
