import type { IDataObject } from 'n8n-workflow';

import { readState, writeState } from '../../nodes/InvoicingTrigger/state';
import type { BookData } from '../../tools/sandbox';
import fixture from './fixtures/state-0.1.0.json';
import { triggerOn, useService } from './setup';

const ctx = useService();
const summary = (items: IDataObject[]) => items.map((i) => [i.event, i.id, (i.payment as IDataObject | undefined)?.amount ?? null]);

/**
 * fixtures/state-0.1.0.json was made by the trigger of version 0.1.0 (its commit is in the file): a book, the
 * static data 0.1.0 kept after its second poll, and what 0.1.0 itself reported at its next poll for the changes
 * made since (a payment on a partly paid invoice, an invoice paid, a new client, an accepted estimate, a new
 * invoice already overdue; an invoice overdue since before the baseline that must not come again).
 */
describe('Invoicing Trigger: state kept by version 0.1.0', () => {
	test('is read record for record, and packing it changes none', () => {
		const old = JSON.parse(JSON.stringify(fixture.staticData)) as IDataObject;
		const records = readState(old);
		expect(records).toEqual(fixture.staticData.seen);
		const packed: IDataObject = {};
		writeState(packed, records);
		expect(readState(packed)).toEqual(fixture.staticData.seen);
	});

	test('is read as it is: the next poll reports exactly what 0.1.0 would have, then the state is packed', async () => {
		const { sandbox } = ctx;
		sandbox.load(fixture.book as BookData);
		const trigger = triggerOn(sandbox, fixture.parameters);
		Object.assign(trigger.staticData(), JSON.parse(JSON.stringify(fixture.staticData)));

		expect(fixture.reported.next).toHaveLength(6);
		expect(summary(await trigger.items())).toEqual(fixture.reported.next);
		expect(Object.keys(trigger.staticData())).toEqual(['state']);
		expect(trigger.staticData().state).toMatchObject({ format: 2 });
		expect(await trigger.poll()).toBeNull();
	});

});
