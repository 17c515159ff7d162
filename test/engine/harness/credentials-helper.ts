import {
	ICredentialsHelper,
	isExpression,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type ICredentialType,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeProperties,
	type IRequestOptionsSimplified,
	type Workflow,
} from 'n8n-workflow';

import { InvoicingApi } from '../../../credentials/InvoicingApi.credentials';
import { InvoicingSellerApi } from '../../../credentials/InvoicingSellerApi.credentials';

/**
 * Credentials kept in memory, applied the way n8n's own credentials helper applies them: a function
 * `authenticate` is called with the decrypted data; a generic one has every header name and value
 * resolved as an expression against the credential data.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly types: Record<string, ICredentialType> = { invoicingApi: new InvoicingApi(), invoicingSellerApi: new InvoicingSellerApi() };

	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as IHttpRequestOptions;
		const authenticate = this.types[typeName]?.authenticate;
		if (!authenticate) throw new Error(`${typeName} has no authenticate`);
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (!workflow || !node) throw new Error('a generic authenticate needs the workflow and the node');
		const resolve = (value: unknown): string => {
			if (typeof value !== 'string' || !isExpression(value)) return String(value);
			const resolved = workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '');
			return resolved ? String(resolved) : '';
		};
		for (const [place, entries] of Object.entries(authenticate.properties)) {
			const target = ((options as unknown as Record<string, Record<string, unknown>>)[place] ??= {});
			for (const [key, value] of Object.entries(entries as Record<string, unknown>)) target[resolve(key)] = resolve(value);
		}
		return options;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(_helpers: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		return credentials;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the engine tests');
	}

	/** The stored data with the type's defaults filled in, as n8n hands it to nodes. */
	async getDecrypted(_additionalData: unknown, details: INodeCredentialsDetails, type: string): Promise<ICredentialDataDecryptedObject> {
		const stored = this.data[details.id ?? ''] ?? this.data[type];
		if (!stored) throw new Error(`No credential ${details.name} of type ${type}`);
		const withDefaults: ICredentialDataDecryptedObject = {};
		for (const property of this.getCredentialsProperties(type)) {
			if (property.default !== undefined) withDefaults[property.name] = property.default as string;
		}
		return { ...withDefaults, ...stored };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}
