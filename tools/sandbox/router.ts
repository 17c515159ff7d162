import { HttpError } from './errors';
import { clientRoutes } from './handlers/clients';
import type { Handler } from './handlers/context';
import { estimateRoutes } from './handlers/estimates';
import { expenseRoutes } from './handlers/expenses';
import { invoiceRoutes } from './handlers/invoices';

export const API_PREFIX = '/v1';

interface CompiledRoute {
	method: string;
	/** True for paths without `{id}`: they win over `{id}` paths (DELETE /client/all is a 405, not an id "all"). */
	literal: boolean;
	pattern: RegExp;
	handler: Handler;
}

const routes: CompiledRoute[] = [...clientRoutes, ...expenseRoutes, ...invoiceRoutes, ...estimateRoutes].map(
	(route) => ({
		method: route.method,
		literal: !route.path.includes('{id}'),
		pattern: new RegExp(`^${API_PREFIX}${route.path.replace('{id}', '([^/]+)')}/?$`),
		handler: route.handler,
	}),
);

export interface RouteMatch {
	handler: Handler;
	id: string;
}

/** Finds the handler of a request; 405 when the path exists under another method, 404 when it does not. */
export function matchRoute(method: string, path: string): RouteMatch {
	const literalHit = routes.some((route) => route.literal && route.pattern.test(path));
	const allowed: string[] = [];
	for (const route of routes) {
		if (literalHit && !route.literal) continue;
		const match = route.pattern.exec(path);
		if (!match) continue;
		if (route.method === method) return { handler: route.handler, id: decodeURIComponent(match[1] ?? '') };
		allowed.push(route.method);
	}
	if (allowed.length > 0) {
		throw new HttpError(405, `Method ${method} is not allowed on ${path}; use ${[...new Set(allowed)].join(' or ')}.`);
	}
	throw new HttpError(404, `No endpoint ${method} ${path}.`);
}
