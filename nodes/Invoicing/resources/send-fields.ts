import type { INodeProperties } from 'n8n-workflow';

import { settleOption } from './guard-fields';

/** Send (invoice and estimate): the address, and an optional phone. */
export const sendFields: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		hint: "Empty: the client's e-mail. A send to an address this record went to within the Re-Send Window (Options, 60 minutes) is skipped: skipped: true",
		description: 'Address to send the record to; empty: the e-mail of the client the record is issued to',
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		description: 'Optional: a phone number handed to the service with the send, which it may notify too; empty: none',
	},
	{
		displayName: 'Options',
		name: 'sendOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			settleOption,
			{
				displayName: 'Re-Send Window (Minutes)',
				name: 'skipIfSentWithinMinutes',
				type: 'number',
				default: 60,
				typeOptions: { minValue: 0 },
				description:
					'When the send log shows this record went to the same address within this many minutes (e.g. a retry after a time-out), it is not sent again. 0 turns this off.',
			},
		],
	},
];
