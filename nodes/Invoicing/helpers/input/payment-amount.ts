import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { fieldError, inputError } from '../errors/item-errors';
import { itemParameter } from '../../engine/item-parameter';

/**
 * Record Payment's "Amount Paid": a number more than 0, as typed. The editor field has no minimum (one would
 * flip or clamp `-50` to another amount in the editor); a wrong sign or zero is refused here, before sending.
 */
export function readAmountPaid(ctx: IExecuteSingleFunctions): number {
	const value = itemParameter(ctx, 'amountPaid');
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
		throw inputError(ctx, '"Amount Paid" is required: enter a value.');
	}
	const amount = typeof value === 'number' ? value : Number(String(value).trim());
	if (!Number.isFinite(amount) || amount <= 0) {
		throw fieldError(
			ctx,
			'Amount Paid',
			`must be more than 0, got ${JSON.stringify(value)}: enter the amount received, e.g. 50`,
			'Nothing was sent. A payment records money received; the node never changes the sign of an amount you typed.',
		);
	}
	return amount;
}
