import type { INodeProperties } from 'n8n-workflow';

/**
 * The hidden `authentication` parameter. With more than one credential entry, n8n's declarative engine (n8n-core
 * routing-node.js, `prepareCredentials`) picks the one whose `displayOptions.show.authentication` holds this
 * parameter's value, and reads the parameter without a fallback: without it every operation would fail. Its
 * value names the Invoicing API credential, which authenticates every request; the seller credential only feeds
 * Export E-Invoice (Invoicing.node.ts declares both).
 */
export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'hidden',
	default: 'invoicingApi',
};
