import type { INodeProperties } from 'n8n-workflow';

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [],
		description: 'The events that start the workflow. The first poll after publishing only records what exists.',
		options: [
			{ name: 'Estimate Accepted', value: 'estimateAccepted', description: 'An estimate\'s "accepted" becomes True' },
			{
				name: 'Invoice Overdue',
				value: 'invoiceOverdue',
				description:
					'An invoice is Not Paid and due before today (workflow time zone); once per invoice, again only after it was paid and became unpaid',
			},
			{ name: 'Invoice Paid', value: 'invoicePaid', description: 'An invoice\'s payment status becomes Paid' },
			{ name: 'New Client', value: 'newClient' },
			{ name: 'New Estimate', value: 'newEstimate' },
			{ name: 'New Expense', value: 'newExpense' },
			{ name: 'New Invoice', value: 'newInvoice' },
		],
	},
	{
		displayName: 'Also on Every Payment',
		name: 'alsoOnEveryPayment',
		type: 'boolean',
		default: false,
		displayOptions: { show: { events: ['invoicePaid'] } },
		description:
			'Whether every newly recorded payment also starts the workflow (event "invoicePayment", the payment under "payment"); the payment that completes an invoice comes once, as "invoicePaid"',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: 'Only records that pass every filter start the workflow; a filter applies to the records that have its field',
		options: [
			{
				displayName: 'Client',
				name: 'clientId',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Invoices and estimates of this client, or this client itself (expenses have no client). E-mail mode: the clients with this e-mail (case ignored) as the poll finds them.',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						typeOptions: { searchListMethod: 'searchClients', searchable: true },
					},
					{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 1736935200000017' },
					{ displayName: 'E-mail', name: 'email', type: 'string', placeholder: 'e.g. billing@acme.example' },
				],
			},
			{
				displayName: 'Currency',
				name: 'currency',
				type: 'string',
				default: '',
				placeholder: 'e.g. USD',
				description: 'Invoices, estimates and expenses in this currency (ISO 4217 code)',
			},
			{
				displayName: 'Minimum Total',
				name: 'minTotal',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: 0,
				description: 'Invoices and estimates whose total, and expenses whose amount, is at least this',
			},
		],
	},
];
