import type { Clock } from '../clock';
import type { IdSource } from '../ids';
import type { Store } from '../store';
import type { Params } from '../types';

export interface HandlerContext {
	/** Query parameters and body parameters merged (the body wins). */
	params: Params;
	/** The `{id}` segment of the path, if the route has one. */
	id: string;
	store: Store;
	clock: Clock;
	ids: IdSource;
}

export type ResponseBody = Record<string, unknown>;
export type Handler = (ctx: HandlerContext) => ResponseBody;

export interface Route {
	method: string;
	/** Path below /v1 with `{id}` for the record id, e.g. "/invoice/{id}". */
	path: string;
	handler: Handler;
}
