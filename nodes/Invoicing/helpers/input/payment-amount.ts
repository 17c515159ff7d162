import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { fieldError, inputError } from '../errors/item-errors';
import { itemParameter } from '../../engine/item-parameter';

/**
 * Record Payment's "Amount Paid" (its parameter: `PAYMENT_PARAMS` of the node's version): a number, 0 or more, as typed. The editor field has no minimum (one would
 * flip or clamp `-50` to another amount in the editor); a wrong sign is refused here, before sending. A 0 is left
 * to the guard: on an invoice already Paid it is a re-run's outstanding balance and a skip, else it is refused
 * (`refuseZeroAmountPaid`).
 */
export function readAmountPaid(ctx: IExecuteSingleFunctions, param: string): number {
	const value = itemParameter(ctx, param);
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
		throw inputError(ctx, '"Amount Paid" is required: enter a value.');
	}
	const amount = typeof value === 'number' ? value : Number(String(value).trim());
	if (!Number.isFinite(amount) || amount < 0) throw notMoreThanZero(ctx, value);
	return amount;
}

/** A payment of 0 that the guard did not skip: refused as typed. */
export function refuseZeroAmountPaid(ctx: IExecuteSingleFunctions, param: string): never {
	throw notMoreThanZero(ctx, itemParameter(ctx, param));
}

function notMoreThanZero(ctx: IExecuteSingleFunctions, value: unknown): Error {
	return fieldError(
		ctx,
		'Amount Paid',
		`must be more than 0, got ${JSON.stringify(value)}: enter the amount received, e.g. 50`,
		'Nothing was sent. A payment records money received; the node never changes the sign of an amount you typed.',
	);
}
