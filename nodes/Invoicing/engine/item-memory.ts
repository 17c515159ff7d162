/**
 * What one item's request keeps from its preSend to the request middleware and its postReceive, keyed by the
 * item's own execution context: it lives exactly as long as the item's request. The engine hands the request
 * middleware (see request-middleware) an object whose prototype is the item's context, so a lookup tries that
 * prototype too. Pinned in test/engine/engine-assumptions.test.ts.
 */
export class ItemMemory<T> {
	private readonly byItem = new WeakMap<object, T>();

	get(ctx: object): T | undefined {
		return this.byItem.get(ctx) ?? this.byItem.get(Object.getPrototypeOf(ctx) as object);
	}

	set(ctx: object, value: T): void {
		this.byItem.set(ctx, value);
	}

	/** From the request middleware: kept under the item's own context, where its preSend and postReceive steps look. */
	setFromMiddleware(middlewareCtx: object, value: T): void {
		this.byItem.set(Object.getPrototypeOf(middlewareCtx) as object, value);
	}
}
