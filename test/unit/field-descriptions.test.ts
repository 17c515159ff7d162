import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';
import { RESOURCE_SPECS } from '../../nodes/Invoicing/resources/resources';

const { properties } = new Invoicing().description;

/** The top-level parameters the editor shows for one operation (n8n's `displayOptions.show` on resource and operation). */
const shownFor = (resource: string, operation: string) =>
	properties.filter((p) => {
		const show = p.displayOptions?.show;
		return show?.resource?.includes(resource) && (show.operation === undefined || show.operation.includes(operation));
	});

/** A guarded operation's guards: its Options collection ("Add Option"), and the choices its own parameters add to it. */
const guardsOf = (shown: INodeProperties[], own: INodeProperties[]) => [
	...shown.filter((p) => p.type === 'collection' && p.displayName === 'Options').flatMap((p) => (p.options ?? []) as INodeProperties[]),
	...shown.filter((p) => p.type === 'options' && own.some((o) => o.name === p.name)),
];

const cases = RESOURCE_SPECS.flatMap((spec) =>
	spec.operations.map((operation) => {
		const shown = shownFor(spec.value, operation.value);
		const own = shown.filter((p) => (operation.properties ?? []).some((o) => o.name === p.name));
		return {
			name: `${operation.name} ${spec.displayName}`,
			required: shown.filter((p) => p.required),
			guards: operation.guarded ? guardsOf(shown, [...own, ...shown.filter((p) => p.name === 'ifExists' || p.name === 'existingPaymentStatus')]) : [],
		};
	}),
);

const undescribed = (list: Array<INodeProperties | INodePropertyCollection>) =>
	list.filter((p) => !('description' in p) || typeof p.description !== 'string' || p.description.trim() === '').map((p) => p.displayName);

describe('every field a user must fill, and every guard, says what it is for', () => {
	test('the operations have required fields and guards to check', () => {
		expect(cases.find((c) => c.name === 'Record Payment Invoice')).toMatchObject({
			// each version's Payment Date and Amount Paid (version 2 asks for Amount Paid when Amount is "Amount Paid")
			required: ['invoiceId', 'paymentDate', 'paymentDay', 'amountPaid', 'amountReceived'].map((name) => expect.objectContaining({ name })),
		});
		expect(cases.find((c) => c.name === 'Record Payment Invoice')?.guards.map((g) => g.name)).toEqual(['settleTimeouts', 'ifPaid', 'refuseOverpayment', 'repeatWindowMinutes', 'paymentAmount']);
		expect(cases.filter((c) => c.guards.length > 0).map((c) => c.name)).toEqual([
			'Create Client',
			'Create or Update Client',
			'Create Invoice',
			'Create From Estimate Invoice',
			'Create or Update Invoice',
			'Record Payment Invoice',
			'Send Invoice',
			'Create Estimate',
			'Convert to Invoice Estimate',
			'Create or Update Estimate',
			'Send Estimate',
		]);
	});

	test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, { required, guards }) => {
		expect({ required: undescribed(required), guards: undescribed(guards) }).toEqual({ required: [], guards: [] });
	});
});
