import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../shared/api-request';
import { SELLER_CREDENTIAL_TYPE } from '../resources/invoice/exportEInvoice.operation';

/**
 * The value of the hidden `authentication` parameter. With more than one credential entry, n8n's declarative
 * engine (n8n-core routing-node.js, `prepareCredentials`) picks the one whose `displayOptions.show.authentication`
 * holds the node's `authentication` parameter, and reads that parameter without a fallback: without it every
 * operation would fail. The Invoicing API authenticates every request; the seller credential only feeds
 * Export E-Invoice.
 */
const API_AUTHENTICATION = 'invoicingApi';

/** The node's method that tests the seller credential (`methods.credentialTest`): its entries, no request. */
export const SELLER_TEST = 'invoicingSellerApiTest';

export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'hidden',
	default: API_AUTHENTICATION,
};

export const invoicingCredentials: INodeCredentialDescription[] = [
	{ name: CREDENTIAL_TYPE, required: true, displayOptions: { show: { authentication: [API_AUTHENTICATION] } } },
	{ name: SELLER_CREDENTIAL_TYPE, required: true, testedBy: SELLER_TEST, displayOptions: { show: { resource: ['invoice'], operation: ['exportEInvoice'] } } },
];
