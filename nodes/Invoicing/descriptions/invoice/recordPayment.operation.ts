import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';

export const recordPaymentFields: INodeProperties[] = showFor(['invoice'], ['recordPayment'], [
	{
		displayName: 'Payment Date',
		name: 'paymentDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'Sent as YYYY-MM-DD in the workflow time zone',
	},
	{
		displayName: 'Amount Paid',
		name: 'amountPaid',
		type: 'number',
		required: true,
		default: 0,
		typeOptions: { minValue: 0, numberPrecision: 2 },
	},
	{
		displayName: 'Additional Fields',
		name: 'paymentFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Payment Method',
				name: 'paymentMethod',
				type: 'options',
				options: [
					{ name: 'Bank Transfer', value: 'Bank Transfer' },
					{ name: 'Cash', value: 'Cash' },
					{ name: 'Cheque', value: 'Cheque' },
					{ name: 'Credit Card', value: 'Credit Card' },
					{ name: 'Others', value: 'Others' },
				],
				default: 'Bank Transfer',
			},
		],
	},
]);
