export interface LineItem {
	description: string;
	quantity: number;
	rate: number;
}

export interface Client {
	id: string;
	names: string;
	email: string;
	phone: string;
	address: string;
	created_at: string;
	updated_at: string;
}

export interface Expense {
	id: string;
	short_code: string;
	category: string;
	description: string;
	amount: number;
	currency: string;
	vendor: string;
	issued_date: string;
	created_at: string;
	updated_at: string;
}

/** Name, phone and address of the client as they were when the document was last saved. */
export interface CustomerSnapshot {
	customer_id: string;
	customer_name: string;
	customer_phone: string;
	customer_address: string;
}

export interface DocumentBase extends CustomerSnapshot {
	id: string;
	short_code: string;
	description: string;
	currency: string;
	tax_rate: number;
	issue_date: string;
	due_date: string;
	note: string;
	items: LineItem[];
	send_log: SendLogEntry[];
	created_at: string;
	updated_at: string;
}

export interface Invoice extends DocumentBase {
	invoice_no: string;
	payment_status: PaymentStatus;
	payments: Payment[];
}

export interface Estimate extends DocumentBase {
	estimate_no: string;
	accepted: 'True' | 'False';
}

export type PaymentStatus = 'Paid' | 'Not Paid';

export interface Payment {
	status: 'success';
	reference: string;
	amount: number;
	bank: string;
	created_at: string;
}

export interface SendLogEntry {
	email: string;
	date: string;
}

export interface BookData {
	clients: Client[];
	expenses: Expense[];
	invoices: Invoice[];
	estimates: Estimate[];
	sequence: number;
}

export type SeedName = 'demo' | 'empty';

export interface SandboxOptions {
	/** 0 (the default) picks a free port. */
	port?: number;
	/** When set, every /v1 request must carry it (as `Authorization: Bearer KEY` or as the value of any header). */
	apiKey?: string;
	seed?: SeedName;
	/** JSON file the book is loaded from at start and written to after every change. */
	dataFile?: string;
	/** Fixed clock (2026-01-15 10:00:00 UTC) and sequential ids, for exact assertions. */
	deterministic?: boolean;
	/** Limits in force from the start (the /__sandbox/limits control replaces them). */
	limits?: LimitSpec;
	/** Called with every /v1 request as it is logged (the log keeps only the last 1,000; a benchmark tallies them all). */
	onRequest?: (entry: RecordedRequest) => void;
}

export type BodyEncoding = 'none' | 'query' | 'form' | 'json';

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, unknown>;
	body: Record<string, unknown> | null;
	rawBody: string;
	contentType: string | null;
	encoding: BodyEncoding;
	headers: Record<string, string>;
	authorized: boolean;
	status: number;
	/** When the request arrived (ms since the epoch). */
	receivedAt: number;
	/** The `Retry-After` header of the answer, when it had one. */
	retryAfter?: string;
}

export type FaultKind = 'status' | 'delay' | 'drop' | 'malformed' | 'html' | 'errorStatus200';

export interface FaultSpec {
	kind: FaultKind;
	/** Only requests to this path (e.g. /v1/invoice/all) are hit; any path when omitted. */
	path?: string;
	method?: string;
	/** How many matching requests the fault hits before it is used up; 1 when omitted. */
	count?: number;
	/** HTTP status for kind "status" (500 when omitted) and "html" (502 when omitted). */
	status?: number;
	message?: string;
	/** Delay before answering, for kind "delay" (the request is then handled normally). */
	delayMs?: number;
	/** `Retry-After` header of kind "status" (seconds, an HTTP date or any text, taken as given), e.g. for a 429. */
	retryAfter?: string;
	/** `Retry-After` of kind "status" as the HTTP date this many ms after the answer (instead of `retryAfter`). */
	retryAfterDateInMs?: number;
	/**
	 * "after": the request is handled first (a write is applied), then the fault answers in place of the real
	 * answer: "status" sends that failure, "drop" closes the connection, "delay" holds the real answer. "before"
	 * (the default): the fault answers before anything is applied ("delay": the request is handled after it).
	 */
	when?: 'before' | 'after';
	/**
	 * For kind "delay": after `delayMs`, also hold the request until `count` requests to `path` arrived after it
	 * (at most 5 s), so that "applied after the retry's first look" holds however slow the machine is.
	 */
	untilSeen?: { path: string; count: number };
}

export interface LimitSpec {
	/** Requests handled at once beyond which the sandbox answers 429. */
	maxConcurrent?: number;
	/** Requests per rolling second beyond which the sandbox answers 429. */
	maxPerSecond?: number;
	/**
	 * Milliseconds each admitted /v1 request takes before it is handled (0 when omitted), so that requests
	 * overlap as they do on a real service and `maxConcurrent` has something to limit.
	 */
	serviceTimeMs?: number;
	/**
	 * The order lists (`GET /<kind>/all`, a client's invoices and estimates) answer in: as stored (the default), or
	 * newest first, as a service sorting by date would. The interface states no order: the node must not rely on one.
	 */
	listOrder?: 'stored' | 'newestFirst';
}

export type Params = Record<string, unknown>;
