import { CREDENTIAL_ID, CREDENTIAL_NAME } from '../../scripts/n8n/config';
import type { CredentialFile } from '../../scripts/n8n/n8n-cli';

export interface CredentialRef {
	id: string;
	name: string;
}

/** The Invoicing credential of the main service (imported by the harness) and of the 10,000-invoice list service. */
export const MAIN_INVOICING: CredentialRef = { id: CREDENTIAL_ID, name: CREDENTIAL_NAME };
export const LIST_INVOICING: CredentialRef = { id: 'bench-invoicing-list', name: 'Invoicing list service' };
/** n8n's Header Auth credential the HTTP Request node uses: the same `Authorization: Bearer <key>`. */
export const HEADER_AUTH: CredentialRef = { id: 'bench-header-auth', name: 'Invoicing header auth' };

export function benchCredentials(listBaseUrl: string, apiKey: string): CredentialFile[] {
	return [
		{ ...LIST_INVOICING, type: 'invoicingApi', data: { baseUrl: listBaseUrl, apiKey, headerName: 'Authorization' } },
		{ ...HEADER_AUTH, type: 'httpHeaderAuth', data: { name: 'Authorization', value: `Bearer ${apiKey}` } },
	];
}
