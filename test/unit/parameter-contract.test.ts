import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';
import { brokenTerms, parameterContract, type Contract } from './parameter-contract';

/**
 * The committed contract (parameter-contract.json) is what workflows saved with each node version rely on.
 * A rename, a removal or a changed default needs a new node version (n8n's light versioning: `version: [1, 2]`,
 * the old parameter shown for `@version: [1]`, the new one for `@version: [2]`); the old version's terms then
 * still hold and its corpus (test/corpus/v1) still runs. Additions are recorded with
 * `INVOICING_RECORD_CONTRACT=1 npx jest test/unit/parameter-contract.test.ts` (then review the diff).
 */
const SNAPSHOT = join(__dirname, 'parameter-contract.json');
const description = new Invoicing().description;
const current = parameterContract(description);
if (process.env.INVOICING_RECORD_CONTRACT === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(current, null, '\t')}\n`);
const recorded = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Contract;

/** The description with `change` applied to a deep copy of its properties. */
function changed(change: (properties: INodeProperties[]) => void, extra: Partial<INodeTypeDescription> = {}): INodeTypeDescription {
	const properties = JSON.parse(JSON.stringify(description.properties)) as INodeProperties[];
	change(properties);
	return { ...description, ...extra, properties };
}
const named = (properties: INodeProperties[], name: string) => properties.filter((p) => p.name === name);

describe('the parameter contract of saved workflows', () => {
	test('every recorded term still holds: nothing renamed, removed or given another default without a new node version', () => {
		expect(brokenTerms(recorded, current)).toEqual([]);
	});

	test('everything the node declares is recorded (INVOICING_RECORD_CONTRACT=1 to record additions)', () => {
		expect(brokenTerms(current, recorded)).toEqual([]);
	});

	test('the contract covers every resource and operation of version 1 (31 operations)', () => {
		expect(Object.keys(recorded['1']).length).toBe(31);
		expect(recorded['1']['invoice:create'].client).toEqual({ type: 'resourceLocator', default: { mode: 'list', value: '' }, modes: ['email', 'id', 'list'] });
	});

	test("version 2 has every operation of version 1, and its own defaults where they differ", () => {
		expect(Object.keys(recorded['2'])).toEqual(Object.keys(recorded['1']));
		const v2 = recorded['2'];
		expect(v2['invoice:create'].currencyCode).toEqual({ type: 'string', default: '' });
		expect(v2['invoice:create'].additionalFields.options).not.toHaveProperty('currency');
		expect(v2['invoice:create'].sequencePrefix.default).toBe('INV-');
		expect(v2['estimate:create'].sequencePrefix.default).toBe('EST-');
		expect(v2['invoice:recordPayment'].paymentDay.default).toBe('={{ $today }}');
		expect(v2['invoice:recordPayment'].paymentAmount).toEqual({ type: 'options', default: 'balance', values: ['balance', 'given'] });
		expect(v2['invoice:createFromEstimate'].termsDays.default).toBe(0);
		expect(v2['invoice:get']).not.toHaveProperty('amountsAsNumbers');
	});
});

describe('the check catches what would break saved workflows', () => {
	test("the rename since 0.1.0 (an invoice's client was `clientId`) is caught", () => {
		const before = parameterContract(
			changed((properties) => {
				for (const p of named(properties, 'client')) p.name = 'clientId';
			}),
		);
		expect(brokenTerms(before, current)).toEqual(
			expect.arrayContaining(['v1 invoice:create clientId: removed or renamed', 'v1 estimate:upsert clientId: removed or renamed']),
		);
	});

	test('a changed default, a removed option value, a removed collection option and a removed picker mode are caught', () => {
		const now = parameterContract(
			changed((properties) => {
				named(properties, 'resource')[0].default = 'client';
				const paymentOptions = named(properties, 'paymentOptions')[0];
				paymentOptions.options = (paymentOptions.options as INodeProperties[]).filter((o) => o.name !== 'repeatWindowMinutes');
				const paymentFields = named(properties, 'paymentFields')[0].options as INodeProperties[];
				paymentFields[0].options = (paymentFields[0].options ?? []).filter((o) => 'value' in o && o.value !== 'Cheque');
				const invoiceId = named(properties, 'invoiceId')[0];
				invoiceId.modes = (invoiceId.modes ?? []).filter((m) => m.name !== 'id');
			}),
		);
		expect(brokenTerms(recorded, now)).toEqual(
			expect.arrayContaining([
				'v1 client:create resource: default "invoice" -> "client"',
				'v1 invoice:recordPayment paymentOptions > repeatWindowMinutes: removed or renamed',
				'v1 invoice:recordPayment paymentFields > paymentMethod: option value "Cheque" removed',
				'v1 invoice:get invoiceId: mode "id" removed',
			]),
		);
	});

	test("a rename done with n8n's light versioning keeps the earlier versions' terms: only the new version has the new name", () => {
		const versioned = changed(
			(properties) => {
				for (const p of named(properties, 'client')) {
					const show = p.displayOptions?.show ?? {};
					p.displayOptions = { show: { ...show, '@version': [1, 2] } };
					properties.push({ ...p, name: 'customer', displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 3 } }] } } });
				}
			},
			{ version: [1, 2, 3] },
		);
		const contract = parameterContract(versioned);
		expect(brokenTerms(recorded, contract)).toEqual([]);
		expect(Object.keys(contract['3']['invoice:create'])).toContain('customer');
		expect(Object.keys(contract['3']['invoice:create'])).not.toContain('client');
	});

	test('a default version 2 changed in place, without a new version, is caught', () => {
		const now = parameterContract(
			changed((properties) => {
				for (const p of named(properties, 'termsDays')) p.default = 30;
			}),
		);
		expect(brokenTerms(recorded, now).sort()).toEqual([
			'v2 estimate:convertToInvoice termsDays: default 0 -> 30',
			'v2 invoice:createFromEstimate termsDays: default 0 -> 30',
		]);
	});
});
