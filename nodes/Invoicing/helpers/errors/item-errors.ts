import { NodeOperationError, type IExecuteSingleFunctions, type NodeApiError } from 'n8n-workflow';

import { apiError, outcomeUnknown } from '../../../shared/api-errors';
import { failureLabel, uncertainWriteNote } from './failure-labels';

/** The error a failed call of the action node becomes; a write of unknown outcome says so. */
export function apiFailure(ctx: IExecuteSingleFunctions, statusCode: number, body: unknown): NodeApiError {
	const note = outcomeUnknown(statusCode, body) ? uncertainWriteNote(ctx) : undefined;
	return apiError(ctx.getNode(), failureLabel(ctx), statusCode, body, { itemIndex: ctx.getItemIndex(), note });
}

/**
 * An input the user must fix before anything is sent, named like every other failure of the item:
 * `Create Client "Acme" (item 0): "Name" is too long to send: ...`.
 */
export function inputError(ctx: IExecuteSingleFunctions, problem: string, description?: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${failureLabel(ctx)}: ${problem}`, { itemIndex: ctx.getItemIndex(), description });
}

/** A field of one input item refused before sending: `Create Expense "Taxi" (item 0): "Currency" ...`. */
export function fieldError(ctx: IExecuteSingleFunctions, label: string, problem: string, description?: string): NodeOperationError {
	return inputError(ctx, `"${label}" ${problem}`, description);
}
