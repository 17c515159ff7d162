import { keptRecords, triggerOn, useService } from './setup';

const ctx = useService();
const POLLS = 500;
const LIVE = 6;

describe('Invoicing Trigger: bounded state', () => {
	test(`over ${POLLS} polls with records created and deleted between polls, the state holds exactly the live records`, async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Churn Client');
		const trigger = triggerOn(sandbox, { events: ['newClient', 'newExpense', 'newInvoice', 'invoicePaid'] });
		expect(await trigger.poll()).toBeNull();
		const live: Array<[string, string]> = [];
		let emitted = 0;
		let largest = 0;
		for (let poll = 1; poll <= POLLS; poll += 1) {
			live.push(['invoice', await service.invoice(client, `INV-${poll}`)]);
			if (poll % 2 === 0) live.push(['expense', await service.expense(`Expense ${poll}`, poll)]);
			while (live.length > LIVE) {
				const [resource, id] = live.shift() as [string, string];
				await service.remove(resource, id);
			}
			emitted += ((await trigger.poll())?.[0] ?? []).length;
			const ids = Object.values(keptRecords(trigger)).flatMap((records) => Object.keys(records));
			expect(ids.sort()).toEqual([client, ...live.map(([, id]) => id)].sort());
			largest = Math.max(largest, JSON.stringify(trigger.staticData()).length);
			if (poll % 100 === 0) sandbox.clearRequests();
		}
		// one event per record created: 500 invoices and 250 expenses
		expect(emitted).toBe(POLLS + POLLS / 2);
		// a handful of ids with their fingerprints, however long the workflow runs
		expect(largest).toBeLessThan(60 * (LIVE + 1) + 100);
	}, 120_000);
});
