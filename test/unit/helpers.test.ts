import type { IDataObject } from 'n8n-workflow';

import { ISO_4217_CODES, toCurrencyCode } from '../../nodes/Invoicing/helpers/input/currencies';
import { dateInTimeZone, toApiDate, todayIn } from '../../nodes/shared/dates';
import { isApiSuccess } from '../../nodes/shared/api-errors';
import { applyFilters } from '../../nodes/Invoicing/helpers/output/list-filters';
import { encodeBracketForm } from '../../nodes/Invoicing/helpers/input/form-encoding';
import { parseLineItems } from '../../nodes/Invoicing/helpers/input/line-items';

describe('encodeBracketForm', () => {
	test('PHP bracket notation, URL-encoded, in key order, undefined left out', () => {
		expect(
			encodeBracketForm({
				client: '17',
				note: 'a&b c',
				skipped: undefined,
				items: [
					{ description: 'Café', quantity: 1.5, rate: 10 },
					{ description: 'x=y', quantity: 0, rate: 0.1 },
				],
			}),
		).toBe(
			'client=17&note=a%26b%20c' +
				'&items%5B0%5D%5Bdescription%5D=Caf%C3%A9&items%5B0%5D%5Bquantity%5D=1.5&items%5B0%5D%5Brate%5D=10' +
				'&items%5B1%5D%5Bdescription%5D=x%3Dy&items%5B1%5D%5Bquantity%5D=0&items%5B1%5D%5Brate%5D=0.1',
		);
	});

	test('nothing to send is an empty body', () => {
		expect(encodeBracketForm({ a: undefined })).toBe('');
	});
});

describe('toApiDate', () => {
	test.each([
		['2026-02-28', 'UTC', '2026-02-28'],
		['2026-02-29', 'UTC', null],
		['2026-13-01', 'UTC', null],
		['2026-03-01T00:00:00', 'Pacific/Kiritimati', '2026-03-01'],
		['2026-03-01 23:59', 'America/Los_Angeles', '2026-03-01'],
		['2026-03-01T23:30:00+01:00', 'Europe/Berlin', '2026-03-01'],
		['2026-03-01T23:30:00+01:00', 'UTC', '2026-03-01'],
		['2026-03-01T23:30:00-05:00', 'UTC', '2026-03-02'],
		['2026-03-01T04:59:00Z', 'America/New_York', '2026-02-28'],
		['not a date', 'UTC', null],
		['', 'UTC', undefined],
		['   ', 'UTC', undefined],
		['2026-03-05t10:00z', 'UTC', '2026-03-05'],
		['2026-03-05T00:30+01', 'UTC', '2026-03-04'],
		['2026-03-05T00:30:00,5+0100', 'UTC', '2026-03-04'],
		['2026-03-05T12:00:00+14:00', 'Pacific/Kiritimati', '2026-03-05'],
		['2026-03-05T10:00:00+18:01', 'UTC', null],
		['2026-03-05T10:60', 'UTC', null],
		['2026-03-05T10:00:60', 'UTC', null],
		['2026-03-05T10', 'UTC', null],
		['+002026-03-05', 'UTC', null],
		['2026-3-5', 'UTC', null],
		['2024-02-29', 'UTC', '2024-02-29'],
	])('%s in %s -> %s', (value, zone, expected) => {
		expect(toApiDate(value, zone)).toBe(expected);
	});

	test('Date objects and Luxon-like DateTimes are converted in the zone', () => {
		const instant = new Date('2026-06-30T22:30:00Z');
		expect(toApiDate(instant, 'Europe/Paris')).toBe('2026-07-01');
		expect(toApiDate({ toISO: () => '2026-06-30T22:30:00.000Z' }, 'America/Chicago')).toBe('2026-06-30');
		expect(toApiDate(new Date('x'), 'UTC')).toBeNull();
		expect(toApiDate({ toISO: () => null }, 'UTC')).toBeNull();
		expect(toApiDate(42, 'UTC')).toBeNull();
	});

	test('today is taken in the workflow zone', () => {
		const instant = new Date('2026-01-01T03:00:00Z');
		expect(todayIn('America/New_York', instant)).toBe('2025-12-31');
		expect(todayIn('Asia/Tokyo', instant)).toBe('2026-01-01');
		expect(dateInTimeZone(instant, 'UTC')).toBe('2026-01-01');
	});
});

describe('currencies', () => {
	test('the fixed list: 175 active codes, testing and withdrawn ones left out', () => {
		expect(ISO_4217_CODES.size).toBe(175);
		expect(['USD', 'EUR', 'GBP', 'NGN', 'XCG', 'ZWG', 'XAU', 'CHE'].every((code) => ISO_4217_CODES.has(code))).toBe(true);
		expect(['XYZ', 'XTS', 'XXX', 'ANG', 'BGN', 'HRK', 'usd'].some((code) => ISO_4217_CODES.has(code))).toBe(false);
	});

	test.each([
		['usd', 'USD'],
		[' eur ', 'EUR'],
		['NGN', 'NGN'],
		['XYZ', null],
		['EURO', null],
		['', null],
	])('%j -> %j', (value, expected) => {
		expect(toCurrencyCode(value)).toBe(expected);
	});
});

describe('parseLineItems', () => {
	test('rows and JSON (text or array) give the same validated items; numeric text is accepted', () => {
		const expected = [{ description: 'Work', quantity: 2, rate: 12.5 }];
		expect(parseLineItems('define', [{ description: ' Work ', quantity: 2, rate: 12.5 }], undefined)).toEqual({ items: expected });
		expect(parseLineItems('json', [], '[{"description":"Work","quantity":"2","rate":"12.5"}]')).toEqual({ items: expected });
		expect(parseLineItems('json', [], [{ description: 'Work', quantity: 2, rate: 12.5 }])).toEqual({ items: expected });
	});

	test.each([
		['json', '[{"description":"a","quantity":1,"rate":1},{"quantity":1,"rate":1}]', 'Line item 1 (of 2, counting from 0): "description" must be a non-empty text, got nothing'],
		['json', '[{"description":"a","quantity":-1,"rate":1}]', 'Line item 0 (of 1, counting from 0): "quantity" must be a number of 0 or more, got -1'],
		['json', '[{"description":"a","quantity":1,"rate":"ten"}]', 'Line item 0 (of 1, counting from 0): "rate" must be a number of 0 or more, got "ten"'],
		['json', '[5]', 'Line item 0 (of 1, counting from 0) must be an object with description, quantity and rate, got 5'],
		['json', '{"description":"a"}', 'Line Items (JSON) must be an array of {description, quantity, rate}, got {"description":"a"}'],
		['json', '[{', 'Line Items (JSON) is not valid JSON: give an array like [{"description":"Work","quantity":1,"rate":100}]'],
		['json', '[]', 'Add at least one line item'],
		['define', undefined, 'Add at least one line item'],
	] as const)('%s %s -> %s', (mode, json, message) => {
		expect(parseLineItems(mode, [], json)).toEqual({ error: message });
	});
});

describe('isApiSuccess', () => {
	test.each([
		[200, { status: 'success' }, true],
		[200, { status: 'error', message: 'x' }, false],
		[200, '<html>', false],
		[200, null, false],
		[404, { status: 'success' }, false],
		[204, { status: 'success' }, true],
	])('%s %j -> %s', (code, body, expected) => {
		expect(isApiSuccess(code, body)).toBe(expected);
	});
});

describe('applyFilters', () => {
	const invoices = [
		{ invoice_no: 'A', payment_status: 'Not Paid', due_date: '2026-01-10', issue_date: '2026-01-01', customer_id: '1' },
		{ invoice_no: 'B', payment_status: 'Not Paid', due_date: '2026-01-20', issue_date: '2026-01-05', customer_id: '2' },
		{ invoice_no: 'C', payment_status: 'Paid', due_date: '2026-01-01', issue_date: '2025-12-20', customer_id: '1' },
	];
	const run = (filters: IDataObject) =>
		applyFilters('invoice', invoices, { filters, timeZone: 'UTC', today: '2026-01-15' }).map((i) => i.invoice_no);

	test.each([
		[{}, ['A', 'B', 'C']],
		[{ overdueOnly: true }, ['A']],
		[{ overdueOnly: false }, ['A', 'B', 'C']],
		[{ paymentStatus: 'Paid' }, ['C']],
		[{ client: '1' }, ['A', 'C']],
		[{ client: { __rl: true, mode: 'id', value: '2' } }, ['B']],
		[{ dueDateFrom: '2026-01-10', dueDateTo: '2026-01-19' }, ['A']],
		[{ issueDateTo: '2025-12-31T00:00:00' }, ['C']],
		[{ issueDateFrom: '2026-01-02', paymentStatus: 'Not Paid' }, ['B']],
	])('%j', (filters, expected) => {
		expect(run(filters)).toEqual(expected);
	});

	test('clients by text in name or email, expenses by currency and vendor', () => {
		const clients = [{ names: 'Acme', email: 'x@acme.example' }, { names: 'Globex', email: 'ap@globex.example' }];
		expect(applyFilters('client', clients, { filters: { search: 'GLOBEX.example' }, timeZone: 'UTC', today: '' })).toEqual([clients[1]]);
		const expenses = [{ currency: 'USD', vendor: 'Dell', issued_date: '2026-01-02' }, { currency: 'GBP', vendor: 'Rail', issued_date: '2026-01-05' }];
		expect(applyFilters('expense', expenses, { filters: { currency: ' gbp ' }, timeZone: 'UTC', today: '' })).toEqual([expenses[1]]);
		expect(applyFilters('expense', expenses, { filters: { vendor: 'del' }, timeZone: 'UTC', today: '' })).toEqual([expenses[0]]);
	});
});
