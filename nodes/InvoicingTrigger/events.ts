import type { Resource } from '../shared/api-types';
import { RESOURCE_SPECS } from '../Invoicing/resources/resources';
import type { TriggerEventName, TriggerSpec } from '../Invoicing/resources/types';

/** What a user can choose to be triggered on: the events of the resource specs' `trigger`. */
export type TriggerEvent = TriggerEventName;

/** What an output item says happened: the chosen events, plus each recorded payment ("Also on Every Payment"). */
export type EmittedEvent = TriggerEvent | 'invoicePayment';

const eventsOf = (trigger: TriggerSpec): TriggerEvent[] =>
	[trigger.created, trigger.accepted, trigger.paid, trigger.overdue].filter((event): event is TriggerEvent => event !== undefined);

export const EVENT_RESOURCE = Object.fromEntries(
	RESOURCE_SPECS.flatMap((spec) => eventsOf(spec.trigger).map((event) => [event, spec.value])),
) as Readonly<Record<TriggerEvent, Resource>>;

export const TRIGGER_EVENTS = Object.keys(EVENT_RESOURCE) as TriggerEvent[];

/** The order lists are fetched and events emitted in: the specs' order. */
export const RESOURCE_ORDER: Resource[] = RESOURCE_SPECS.map((spec) => spec.value);

export function isTriggerEvent(value: unknown): value is TriggerEvent {
	return typeof value === 'string' && value in EVENT_RESOURCE;
}
