import type { CredentialFile } from '../../scripts/n8n/n8n-cli';
import { LIFECYCLE_BOOK, SEQUENCE_BOOK } from '../scenarios';
import { ServiceClient } from '../service/service-client';
import { MAIN_INVOICING } from '../workflow/credentials';
import type { CountedTargets } from './counted';

export interface CountedSetup {
	lifecycle: ServiceClient;
	sequenceBook: ServiceClient;
	credentials: CredentialFile[];
	targets: CountedTargets;
}

const LIFECYCLE_CREDENTIAL = { id: 'bench-invoicing-lifecycle', name: 'Invoicing life-cycle service' };
const SEQUENCE_CREDENTIAL = { id: 'bench-invoicing-sequence-book', name: 'Invoicing book of 20,000 (Next in Sequence)' };

/** Starts the life-cycle service and the book of 20,000 invoices (built in memory); `main` is the bench's main service. */
export async function setUpCounted(apiKey: string, main: ServiceClient): Promise<CountedSetup> {
	const [lifecycle, sequenceBook] = await Promise.all(
		[LIFECYCLE_BOOK, SEQUENCE_BOOK].map((book) => ServiceClient.start({ apiKey, clients: book.clients, invoices: book.invoices, pattern: 'allNotPaid', seed: 'direct' })),
	);
	const credential = (ref: { id: string; name: string }, service: ServiceClient): CredentialFile => ({
		...ref,
		type: 'invoicingApi',
		data: { baseUrl: service.url, apiKey, headerName: 'Authorization' },
	});
	return {
		lifecycle,
		sequenceBook,
		credentials: [credential(LIFECYCLE_CREDENTIAL, lifecycle), credential(SEQUENCE_CREDENTIAL, sequenceBook)],
		targets: {
			main: { url: main.url, credential: MAIN_INVOICING, clientIds: main.ready.clientIds },
			lifecycle: { url: lifecycle.url, credential: LIFECYCLE_CREDENTIAL, clientIds: lifecycle.ready.clientIds },
			sequenceBook: { url: sequenceBook.url, credential: SEQUENCE_CREDENTIAL, clientIds: sequenceBook.ready.clientIds },
		},
	};
}
