/** Messages between the bench and a service process (Node IPC). */

export interface ServiceRequestSummary {
	method: string;
	path: string;
	query: string;
	contentType: string | null;
	rawBody: string;
	authorized: boolean;
}

export interface BusyShare {
	/** Share of the window the service's event loop was busy (0..1). */
	eventLoop: number;
	/** CPU time of the service process over the window length (may pass 1 with GC threads). */
	cpu: number;
}

export type ServiceQuery =
	| { id: number; type: 'busy'; from: number; to: number }
	| { id: number; type: 'requests' }
	| { id: number; type: 'requestKinds'; from: number; to: number }
	| { id: number; type: 'clearRequests' }
	| { id: number; type: 'stop' };

export interface ServiceReply {
	id: number;
	result?: BusyShare | ServiceRequestSummary[] | Record<string, number> | null;
	error?: string;
}

/** First message of a service process: where it listens and the records it made. */
export interface ServiceReady {
	type: 'ready';
	url: string;
	clientIds: string[];
	invoices: Array<{ id: string; client: string; invoice_no: string }>;
}
