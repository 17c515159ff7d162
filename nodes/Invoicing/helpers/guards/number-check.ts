import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { listOf, withNumberNames } from '../../../shared/api-answers';
import { SPEC_OF } from '../../resources/resources';
import { failureLabel } from '../errors/failure-labels';
import { REQUIRED_ON_UPDATE } from '../input/field-specs';
import { putForm } from '../request/put-form';
import { readAfterWrite } from '../request/read-api';
import type { GuardedResource } from './matching';
import { numberKey, storedNumber } from './number-pattern';
import { sequenceOfItem } from './run-sequence';
import { createdBefore } from './created-order';
import { runScope, sharedList } from './run-scope';

/**
 * The look after a numbered write. Two runs at the same moment (two queue workers) can pick the same next
 * number, and the service takes both. Once every write of this run has its answer, the run reads the list
 * once; a document this run created whose number another one has too, and which is the later of them, gets
 * the next free number (one PUT of what the API requires on update): it was just created and nothing was
 * sent yet. The earlier one keeps its number; its own run leaves it alone the same way.
 */
export async function lookAfterNumberedWrite(ctx: IExecuteSingleFunctions, resource: GuardedResource, record: IDataObject): Promise<IDataObject> {
	const joined = sequenceOfItem(ctx);
	if (!joined) return record;
	const { sequence } = joined;
	const scope = runScope(ctx);
	await sequence.everySettled();
	const fresh = await sharedList(scope, `${resource}\u0000after numbered writes`, async () => listOf(await readAfterWrite(ctx, `/${resource}/all`), 'data'));
	const number = storedNumber(resource, record);
	const twins = fresh.filter((other) => storedNumber(resource, other) === number && String(other.id) !== String(record.id));
	if (twins.length === 0 || !twins.every((other) => createdBefore(other, record))) return record;
	const renumbered = sequence.nextFree(fresh);
	const required = REQUIRED_ON_UPDATE[resource].from;
	const params = Object.fromEntries(Object.entries(required).map(([api, stored]) => [api, String(record[stored] ?? record[api] ?? '')]));
	params[numberKey(resource).api] = renumbered;
	await putForm(
		ctx,
		`/${resource}/${encodeURIComponent(String(record.id))}`,
		params,
		`${failureLabel(ctx)} created the ${resource} "${String(number)}" (id ${String(record.id)}), which another ${resource} created at the same moment also has; giving it the next free number "${renumbered}"`,
		`Two ${resource}s now have the number "${String(number)}": give this one another number with Update.`,
	);
	const names = SPEC_OF[resource].numberNames;
	const changed = { ...record, [numberKey(resource).api]: renumbered };
	return { ...(names ? withNumberNames({ ...changed, [names[1]]: renumbered }, names) : changed), renumbered_from: String(number) };
}
