import { encodeForm } from '../../../tools/bench/raw/form';
import { encodeBracketForm } from '../../../nodes/Invoicing/helpers/input/form-encoding';

describe('bench raw client form body', () => {
	test('the same bytes as the node sends for an invoice with line items', () => {
		const fields = {
			client: '17',
			invoice_no: 'B-1',
			payment_status: 'Not Paid',
			tax_rate: 7.5,
			items: [
				{ description: 'Design work', quantity: 2, rate: 150.5 },
				{ description: 'Hosting', quantity: 12, rate: 20 },
			],
		};
		expect(encodeForm(fields)).toBe(encodeBracketForm(fields));
		expect(encodeForm(fields)).toContain('items%5B1%5D%5Bdescription%5D=Hosting');
	});
});
