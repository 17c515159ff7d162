import type { IDataObject } from 'n8n-workflow';

import { recordsWithKey } from '../../nodes/Invoicing/helpers/input/key-index';

/**
 * By Number / By E-mail index a run's list once (issue 29: By E-mail took time that grew with the square of the
 * clients without an e-mail). Linear by construction, checked without a clock: each record's key is read once,
 * and a group grows in place (a copy per added record is what made it quadratic).
 */
describe('the index of a run list by key', () => {
	const email = (record: IDataObject) => String(record.email ?? '');

	function counted() {
		const calls = { count: 0 };
		return { calls, keyOf: (record: IDataObject) => (calls.count++, email(record)) };
	}

	test('finds the records with a key; none for a key nobody has', () => {
		const list = [{ id: '1', email: 'a@x' }, { id: '2', email: '' }, { id: '3', email: 'a@x' }];
		expect(recordsWithKey(list, email, 'a@x').map((r) => r.id)).toEqual(['1', '3']);
		expect(recordsWithKey(list, email, '').map((r) => r.id)).toEqual(['2']);
		expect(recordsWithKey(list, email, 'b@x')).toEqual([]);
	});

	test('each record is read once, however many lookups and however large one group', () => {
		const list: IDataObject[] = Array.from({ length: 3000 }, (_, i) => ({ id: String(i), email: i % 2 === 0 ? '' : `c${i}@x` }));
		const { calls, keyOf } = counted();
		for (let i = 0; i < 50; i++) recordsWithKey(list, keyOf, `c${2 * i + 1}@x`);
		expect(calls.count).toBe(3000);
		expect(recordsWithKey(list, keyOf, '')).toHaveLength(1500);
	});

	test('records the run adds are indexed on their own, their group grown in place', () => {
		const list: IDataObject[] = [{ id: '1', email: '' }, { id: '2', email: '' }];
		const { calls, keyOf } = counted();
		const group = recordsWithKey(list, keyOf, '');
		list.push({ id: '3', email: '' }, { id: '4', email: 'd@x' });
		const after = recordsWithKey(list, keyOf, '');
		expect(after).toBe(group);
		expect(after.map((r) => r.id)).toEqual(['1', '2', '3']);
		expect(calls.count).toBe(4);
		expect(recordsWithKey(list, keyOf, 'd@x').map((r) => r.id)).toEqual(['4']);
	});
});
