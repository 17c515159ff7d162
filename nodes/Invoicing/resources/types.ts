import type { IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import type { RecordLabel, Resource } from '../../shared/api-types';
import type { PostReceiveName, PreSendName } from './steps';
import type { NodeVersion } from './versions';

/** How a field's value is read and checked before it is sent. */
export type FieldKind = 'text' | 'number' | 'date' | 'currency' | 'locator';

/** One input of a record: what the editor shows and what the API calls it. */
export interface RecordField {
	/** The editor's definition: `name` is the parameter, `displayName` the label every message uses. */
	editor: INodeProperties;
	/** The API's name of the field. */
	api: string;
	kind: FieldKind;
	/**
	 * Required on create (a top-level parameter of the create forms) or optional (Additional Fields). On
	 * update every field is optional (Update Fields).
	 */
	role: 'required' | 'optional';
	/**
	 * An optional field that is required from this node version on: a top-level parameter of the create forms
	 * there, under a name of its own (n8n reads every declaration's value for every item: the record's other
	 * parameter of the same name would be evaluated twice), no longer under Additional Fields (an invoice's
	 * currency in version 2).
	 */
	requiredFrom?: { version: NodeVersion; param: string };
	/** An update may empty it (Fields to Clear); sent as an empty value. */
	clearable?: boolean;
	/** Compared without case when a create finds its record again (an e-mail); numbers compare to the cent, currencies without case. */
	caseless?: boolean;
	/**
	 * Required fields only: where GET /<resource>/{id} keeps the field, so that an update that leaves it out
	 * still sends it (the API requires it on update).
	 */
	stored?: string;
	/**
	 * State the service's own life cycle changes after a create (Record Payment and Mark as Paid set the payment
	 * status, an accepted estimate is marked so): never compared when a create finds its record again; a `payment`
	 * field of an existing record follows "Payment Status of an Existing Invoice" on Create or Update.
	 */
	lifecycle?: 'payment' | 'acceptance';
	/** A `locator` field: the resource whose record it picks (given by key, e.g. By E-mail, it is looked up in that resource's list). */
	picks?: Resource;
	/** The create's number (an invoice's, an estimate's): hidden when Numbering is Next in Sequence, which chooses it. */
	numbered?: boolean;
}

/** How a Get Many filter keeps a listed record (the API has no filters: the node applies them to its one list). */
export type FilterTest =
	/** The text is in one of the fields, case-insensitive (`trim`: the filter's surrounding spaces dropped). */
	| { kind: 'contains'; fields: string[]; trim?: boolean }
	/** The field holds exactly the filter's value. */
	| { kind: 'equals'; field: string }
	/** The record's text equals the value, both trimmed (first of `fields` set; `caseless`: without case), e.g. an invoice number. */
	| { kind: 'sameText'; fields: string[]; caseless?: boolean }
	/** The field holds the code, whatever its case (surrounding spaces dropped). */
	| { kind: 'sameCode'; field: string }
	/** The field holds the ID of the record chosen in the filter's locator, a record of `picks` (given by key, looked up in its list). */
	| { kind: 'sameId'; field: string; picks: Resource }
	/** The field's date is on or after (`from`) or on or before (`to`) the filter's day. */
	| { kind: 'from' | 'to'; field: string }
	/** Switched on: the `status` field is `open` and the `due` date lies before today (workflow time zone). */
	| { kind: 'overdue'; status: string; open: string; due: string };

/** One Get Many filter: the editor's option and the test it applies. */
export interface FilterSpec {
	editor: INodeProperties;
	test: FilterTest;
}

/**
 * What identifies a record when the service has no idempotency key (the guarded create, Create or Update):
 * the first key whose value is set (a client's e-mail, else its name), read from the record under the first
 * `stored` name it has.
 */
export interface MatchSpec {
	keys: Array<{ api: string; stored: string[] }>;
	/** Keys compare without case (e-mails and names). */
	caseless: boolean;
	/**
	 * Records belong to a client and their key counts within it: the create's `param` names the client, records
	 * keep it as `stored`, and GET /client/{id} lists them under `list`. Absent: the key counts in the whole list.
	 */
	owner?: { param: string; stored: string; list: string };
}

/** A list that comes with a record on Get (a client's invoices), and the resource of its records. */
export interface RelatedList {
	list: string;
	of?: Resource;
}

/** The Invoicing Trigger's events on a resource, by what it watches. */
export interface TriggerSpec {
	/** A record that was not in the last poll's list. */
	created: TriggerEventName;
	/** The record's acceptance becomes true (an estimate's "accepted"). */
	accepted?: TriggerEventName;
	/** The record's payment status becomes Paid; also every payment recorded, and going overdue. */
	paid?: TriggerEventName;
	overdue?: TriggerEventName;
	/** The fields the trigger's filters read: the client the record is of (its own id for a client), currency, amount. */
	clientField?: string;
	currencyField?: string;
	amountField?: string;
}

/** What a user can choose to be triggered on (Invoicing Trigger's "Trigger On"). */
export type TriggerEventName =
	| 'newClient'
	| 'newExpense'
	| 'newInvoice'
	| 'newEstimate'
	| 'invoicePaid'
	| 'invoiceOverdue'
	| 'estimateAccepted';

/** What a repeat of the operation does: nothing (a read), the same result again, or the effect twice. */
export type Repeat = 'read' | 'harmless' | 'twice';

/**
 * The parameters the operation shows besides its own `properties`: a create form (required fields,
 * Additional Fields, line items), an update form (Update Fields, Fields to Clear, line items), a list
 * (Return All, Limit, Filters, Simplify), a get (Simplify), or nothing more.
 */
export type OperationForm = 'create' | 'update' | 'list' | 'get' | 'none';

/** The steps an operation names (closed unions of the names in resources/steps.ts). */
export type { PostReceiveName, PreSendName } from './steps';

/** One operation: its menu entry, its request, and what a failure or a repeat of it means. */
export interface OperationSpec {
	value: string;
	/** The menu label, also the canvas subtitle and the start of every failure message ("Create Client ..."). */
	name: string;
	action: string;
	/**
	 * The operation and its record as messages name them, when "<name> <resource>" does not read naturally:
	 * "Create Invoice From Estimate", not "Create From Estimate Invoice".
	 */
	messageLabel?: string;
	description: string;
	method: IHttpRequestMethods;
	/** `{id}` is the record's id (from the record locator). */
	path: string;
	/** The preSend step that reads the parameters and builds the request (see routing.ts). */
	preSend: PreSendName;
	/** How the answer becomes output items, after the shared error handling (see routing.ts). */
	postReceive: PostReceiveName;
	repeat: Repeat;
	/** Whether the node guards a retry or re-run against applying it twice: derived from its preSend step (resources/steps.ts). */
	guarded: boolean;
	/** It acts on one record chosen with the resource's record locator: derived from its preSend step (resources/steps.ts). */
	onRecord: boolean;
	form: OperationForm;
	/**
	 * Required record fields (by parameter name) an operation shows although its form is not `create` (Create from
	 * Estimate takes the invoice number): declared once with the create forms' own, and naming the row in messages.
	 */
	requires?: string[];
	/** Parameters of this operation only (operations of several resources may share them by name). */
	properties?: INodeProperties[];
}

/**
 * What people know a record by besides its id: an invoice's number, a client's e-mail. Its locators get a third
 * mode (`number`: "By Number", `email`: "By E-mail") that the node resolves to the id with one list read per run.
 */
export interface RecordKey {
	mode: 'number' | 'email';
	/** Where list entries keep it, first set wins (estimates: `reference_no`, `estimate_no` in some answers). */
	fields: string[];
	/** The key in messages: "number", "e-mail". */
	noun: string;
	placeholder: string;
	/** Compared without case (e-mail addresses). */
	caseless: boolean;
	/**
	 * What tells records with the same key apart in a message, after their id: `id 3 ("Acme")` for a client,
	 * `id 17 (client "Acme", id 3)` for an invoice. Each part is the record's field, after its label if any.
	 */
	tellApart: Array<{ field: string; label?: string; quoted?: boolean }>;
}

/** An operation as a resource's spec entry writes it: what its step implies is derived (resources/steps.ts) unless it says otherwise. */
export type OperationEntry = Omit<OperationSpec, 'guarded' | 'onRecord'> & Partial<Pick<OperationSpec, 'guarded' | 'onRecord'>>;

/** One resource: its record, its fields, and its operations, the single source of every table derived from them. */
export interface ResourceSpec {
	value: Resource;
	displayName: string;
	/** "Clients": Get Many's failure label, the list searches' and the trigger's "List Clients". */
	plural: string;
	/** Where a record's fields travel: the query string (client) or a bracket-notation form body (docs/design.md, "Encoding"). */
	encoding: 'query' | 'form';
	/** The key of the answer that holds the record (`data`, `invoice`, ...). */
	envelope: string;
	/** The record locator of the operations `onRecord`; `key`: its third mode, the number or e-mail people know it by. */
	record: { param: string; label: string; searchMethod: string; key?: RecordKey };
	/**
	 * Which fields tell one input row of a create from another in messages, first set wins: a client's
	 * e-mail, else its name.
	 */
	createdRowKey: string[];
	fields: RecordField[];
	/** Invoices and estimates carry line items (create, update). */
	lineItems: boolean;
	/** The Get Many filters the node applies to the one list the API returns. */
	filters: FilterSpec[];
	/** What Simplify keeps of a record; no Simplify switch when absent. */
	simpleFields?: string[];
	/** The key the guards match records on; a resource without one has no guarded create. */
	match?: MatchSpec;
	/** The lists Get gives with a record; the node adds them to every record it outputs (empty after a create). */
	related: RelatedList[];
	/** The record's number under both names: the one create takes, and the one lists give (read first). */
	numberNames?: [create: string, listed: string];
	/** The amounts the service sends as text ("1214.40"), given as numbers on request. */
	textAmounts: string[];
	/** How a record reads in a "From List" locator. */
	listLabel: RecordLabel;
	/** The Invoicing Trigger's events on this resource. */
	trigger: TriggerSpec;
	/** The operations, each once; the editor sorts them by name. */
	operations: OperationSpec[];
}

/** A resource's spec entry as written: its operations' derived facts are added by resources/resources.ts. */
export type ResourceEntry = Omit<ResourceSpec, 'operations'> & { operations: OperationEntry[] };

