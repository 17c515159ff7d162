import { takeRequests, triggerOn, useService } from './setup';

const ctx = useService();

describe('Invoicing Trigger: the Client filter By E-mail', () => {
	test('invoices and estimates of the clients with that e-mail (case and spaces ignored), and those clients themselves', async () => {
		const { service, sandbox } = ctx;
		const acme = await service.client('Acme', 'billing@acme.example');
		const globex = await service.client('Globex', 'ap@globex.example');
		const trigger = triggerOn(sandbox, {
			events: ['newClient', 'newInvoice', 'newEstimate'],
			filters: { clientId: { __rl: true, mode: 'email', value: ' Billing@ACME.example ' } },
		});
		expect(await trigger.poll()).toBeNull();
		await service.invoice(acme, 'A-1');
		await service.invoice(globex, 'G-1');
		await service.estimate(acme, 'EST-A');
		// a second client with that e-mail, created after the first poll: found in this poll's client list
		const twin = await service.client('Acme Inc', 'BILLING@acme.example');
		await service.invoice(twin, 'A-2');
		await service.client('Initech', 'it@initech.example');
		expect((await trigger.items()).map((i) => [i.event, i.invoice_no ?? i.reference_no ?? i.names])).toEqual([
			['newClient', 'Acme Inc'],
			['newInvoice', 'A-1'],
			['newInvoice', 'A-2'],
			['newEstimate', 'EST-A'],
		]);
	});

	test('when no chosen event lists clients, the poll reads the client list once for the filter; an unknown e-mail passes nothing', async () => {
		const { service, sandbox } = ctx;
		const acme = await service.client('Acme', 'billing@acme.example');
		const trigger = triggerOn(sandbox, { events: ['newInvoice'], filters: { clientId: { __rl: true, mode: 'email', value: 'nobody@example.com' } } });
		expect(await trigger.poll()).toBeNull();
		await service.invoice(acme, 'A-1');
		takeRequests(sandbox);
		expect(await trigger.poll()).toBeNull();
		expect(takeRequests(sandbox)).toEqual(['GET /v1/invoice/all', 'GET /v1/client/all']);
	});
});
