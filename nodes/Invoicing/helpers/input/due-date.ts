import type { IExecuteSingleFunctions } from 'n8n-workflow';

import type { ApiParams } from '../../../shared/api-types';
import { fieldError } from '../errors/item-errors';

/**
 * Refuses a due date before the issue date when the request carries both (YYYY-MM-DD compares as text).
 * When an update sets only one of them the service compares it with the stored other one.
 */
export function checkDueNotBeforeIssue(ctx: IExecuteSingleFunctions, params: ApiParams): void {
	const { issue_date: issue, due_date: due } = params;
	if (typeof issue !== 'string' || typeof due !== 'string' || due >= issue) return;
	throw fieldError(
		ctx,
		'Due Date',
		`(${due}) is before "Issue Date" (${issue})`,
		'A document cannot fall due before it is issued: set the due date on or after the issue date.',
	);
}
