import type { INodeProperties } from 'n8n-workflow';

import { settleOption } from './guard-fields';
import { inVersions } from './versions';

/** Send's guard window: version 1's option, version 2's field, and the minutes both hold unless set. */
export const RESEND_OPTION = 'skipIfSentWithinMinutes';
export const RESEND_FIELD = 'resendWindowMinutes';
export const DEFAULT_RESEND_MINUTES = 60;

const RESEND_WINDOW: INodeProperties = {
	displayName: 'Re-Send Window (Minutes)',
	name: RESEND_OPTION,
	type: 'number',
	default: DEFAULT_RESEND_MINUTES,
	typeOptions: { minValue: 0 },
	description:
		'When the send log shows this record went to the same address within this many minutes (e.g. a retry after a time-out), it is not sent again. 0 turns this off.',
};

/** Send (invoice and estimate): the address, and an optional phone. */
export const sendFields: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		hint: "Empty: the client's e-mail. A send to an address this record went to within the Re-Send Window (60 minutes unless set) is skipped: skipped: true",
		description: 'Address to send the record to; empty: the e-mail of the client the record is issued to',
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		hint: "Optional: handed to the service with the send as the record's phone (it may notify it too); empty: none",
		description: 'Optional: a phone number handed to the service with the send, which it may notify too; empty: none',
	},
	inVersions([2], { ...RESEND_WINDOW, name: RESEND_FIELD }),
	{
		displayName: 'Options',
		name: 'sendOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			settleOption,
			// version 2 shows the window as a field of its own; a version 2 node saved with this option keeps it
			{ ...RESEND_WINDOW, description: `${RESEND_WINDOW.description} Where the node also shows a Re-Send Window field, this option, once added, is the one that counts.` },
		],
	},
];
