import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { ItemMemory } from '../../engine/item-memory';
import { operationSpec } from '../../resources/resources';
import type { OperationSpec, ResourceSpec } from '../../resources/types';

/** The resource and operation of the item's node, as the resource specs describe them. */
function specOf(ctx: IExecuteSingleFunctions): { resource: ResourceSpec; operation: OperationSpec } | undefined {
	return operationSpec(String(ctx.getNodeParameter('resource')), String(ctx.getNodeParameter('operation')));
}

/** "Create Invoice", "Get Many Clients", from the operation's and the resource's names in the spec (or the operation's `messageLabel`). */
export function operationLabel(ctx: IExecuteSingleFunctions): string {
	const spec = specOf(ctx);
	if (!spec) return `${String(ctx.getNodeParameter('operation'))} ${String(ctx.getNodeParameter('resource'))}`;
	if (spec.operation.messageLabel !== undefined) return spec.operation.messageLabel;
	return `${spec.operation.name} ${spec.operation.form === 'list' ? spec.resource.plural : spec.resource.displayName}`;
}

const namesRead = new ItemMemory<string>();

/** The number of the record the item acts on, once a read has shown it: the item's errors name the record by it. */
export function rememberRecordName(ctx: IExecuteSingleFunctions, name: string): void {
	if (name !== '') namesRead.set(ctx, name);
}

const shortText = (value: unknown): string | undefined => {
	const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (text === '') return undefined;
	return `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
};

/**
 * What tells the row from the others: the record an operation `onRecord` acts on, or what a create names
 * (the first of the spec's `createdRowKey` fields that is set); undefined when it has none.
 */
function rowKey(ctx: IExecuteSingleFunctions, { resource, operation }: { resource: ResourceSpec; operation: OperationSpec }): string | undefined {
	try {
		if (operation.onRecord) return shortText(namesRead.get(ctx) ?? ctx.getNodeParameter(resource.record.param, '', { extractValue: true }));
		if (operation.form !== 'create' && operation.requires === undefined) return undefined;
		for (const param of resource.createdRowKey) {
			const field = resource.fields.find((candidate) => candidate.editor.name === param);
			const value =
				field?.role === 'optional'
					? (ctx.getNodeParameter('additionalFields', {}) as IDataObject)[param]
					: ctx.getNodeParameter(param, '', { extractValue: true });
			const key = shortText(value);
			if (key) return key;
		}
	} catch {
		// a parameter that cannot be read (e.g. a failing expression) names no row
	}
	return undefined;
}

/**
 * What failed, and which input item: `Create Invoice "INV-3" (item 1)`, numbered from 0 as n8n numbers items
 * (its error view adds `[item 1]` to a message that does not already say `item 1`: docs/design.md). Under
 * Continue On Fail n8n keeps only the message in the failed item's JSON, so the item is named there.
 */
export function failureLabel(ctx: IExecuteSingleFunctions): string {
	const spec = specOf(ctx);
	const key = spec ? rowKey(ctx, spec) : undefined;
	return `${operationLabel(ctx)}${key ? ` ${key}` : ''} (item ${ctx.getItemIndex()})`;
}

/**
 * For a write whose outcome is unknown (time-out, dropped connection, 5xx, an answer that is not JSON):
 * what the user must know before retrying, from the spec's `repeat`. Undefined for reads.
 */
export function uncertainWriteNote(ctx: IExecuteSingleFunctions): string | undefined {
	const repeat = specOf(ctx)?.operation.repeat;
	if (repeat === undefined || repeat === 'read') return undefined;
	const label = operationLabel(ctx);
	return repeat === 'twice'
		? `The service may have applied this ${label} before the failure. Check the record before running it again: a retry (including n8n's Retry On Fail) can apply it twice.`
		: `The service may have applied this ${label} before the failure; running it again gives the same result.`;
}

/**
 * Another item's failure as this item's: a copy of the same error (class, code, description), its message opening
 * with this item's label where it opened with `label`, and n8n's item index this item's.
 */
export function relabelled(ctx: IExecuteSingleFunctions, error: object, label: string): Error & { context?: IDataObject; description?: string | null } {
	// every own property, including the message and stack, which an Error keeps non-enumerable
	const copy = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as Error & {
		context?: IDataObject;
		description?: string | null;
	};
	if (copy.message.startsWith(label)) copy.message = `${failureLabel(ctx)}${copy.message.slice(label.length)}`;
	copy.context = { ...copy.context, itemIndex: ctx.getItemIndex() };
	return copy;
}
