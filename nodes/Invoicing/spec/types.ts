import type { IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import type { Resource } from '../../shared/api-types';

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
	/** An update may empty it (Fields to Clear); sent as an empty value. */
	clearable?: boolean;
	/**
	 * Required fields only: where GET /<resource>/{id} keeps the field, so that an update that leaves it out
	 * still sends it (the API requires it on update).
	 */
	stored?: string;
}

/** What a repeat of the operation does: nothing (a read), the same result again, or the effect twice. */
export type Repeat = 'read' | 'harmless' | 'twice';

/**
 * The parameters the operation shows besides its own `properties`: a create form (required fields,
 * Additional Fields, line items), an update form (Update Fields, Fields to Clear, line items), a list
 * (Return All, Limit, Filters, Simplify), a get (Simplify), or nothing more.
 */
export type OperationForm = 'create' | 'update' | 'list' | 'get' | 'none';

/**
 * The preSend steps an operation names by key; descriptions/routing.ts maps each key to its function (the spec
 * holds no code of the node).
 */
export type PreSendName = 'none' | 'list' | 'recordId' | 'create' | 'guardedCreate' | 'upsert' | 'update' | 'send' | 'recordPayment';
/** The output shaping an operation names by key, mapped in descriptions/routing.ts. */
export type PostReceiveName = 'list' | 'record' | 'updated' | 'fetched' | 'write' | 'action' | 'deleted';

/** One operation: its menu entry, its request, and what a failure or a repeat of it means. */
export interface OperationSpec {
	value: string;
	/** The menu label, also the canvas subtitle and the start of every failure message ("Create Client ..."). */
	name: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	/** `{id}` is the record's id (from the record locator). */
	path: string;
	/** The preSend step that reads the parameters and builds the request (see routing.ts). */
	preSend: PreSendName;
	/** How the answer becomes output items, after the shared error handling (see routing.ts). */
	postReceive: PostReceiveName;
	repeat: Repeat;
	/** Whether the node guards a retry or re-run against applying it twice (duplicate, send-log or payment guard). */
	guarded: boolean;
	/** It acts on one record chosen with the resource's record locator. */
	onRecord: boolean;
	form: OperationForm;
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
}

/** One resource: its record, its fields, and its operations, the single source of every table derived from them. */
export interface ResourceSpec {
	value: Resource;
	displayName: string;
	/** "Clients": Get Many's failure label. */
	plural: string;
	/** Where a record's fields travel: the query string (client) or a bracket-notation form body (DESIGN.md). */
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
	filters: INodeProperties[];
	/** What Simplify keeps of a record; no Simplify switch when absent. */
	simpleFields?: string[];
	/** The operations, each once; the editor sorts them by name. */
	operations: OperationSpec[];
}
