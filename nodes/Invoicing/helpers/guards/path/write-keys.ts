import type { GuardedResource } from '../keys/matching';

/**
 * What a guarded write declares: the key one holder at a time takes its turn on in the process, and under which
 * an unanswered write is remembered for a retry (docs/design.md, "The write path"). Every key the guards use is
 * spelt here; a new write operation picks a kind, or adds one, and passes the same steps (write-path).
 */
export type WriteKey =
	/** A record's own key: a given number (in the whole book, or within `client` under Each Client), a client's e-mail, else its name. */
	| { kind: 'record'; resource: GuardedResource; field: string; value: string; client?: string }
	/** Next in Sequence: the sequence (its prefix and digits) a run takes its turn on; its rows match on their content with its count. */
	| { kind: 'sequence'; resource: GuardedResource; prefix: string; digits: number }
	/** Record Payment: the record paid (the service keeps no payment key: amount, method and time stand for it). */
	| { kind: 'payment'; id: string }
	/** Send: the record sent (its send log stands for the key). */
	| { kind: 'send'; resource: GuardedResource; id: string };

const SEP = '\u0000';

/** The key as the process's memories (turns, lanes, unanswered writes) file it. */
export function keyText(key: WriteKey): string {
	switch (key.kind) {
		case 'record':
			return [key.resource, ...(key.client === undefined ? [] : [key.client]), key.field, key.value].join(SEP);
		case 'sequence':
			return [key.resource, key.prefix, String(key.digits)].join(SEP);
		case 'payment':
			return ['payment', key.id].join(SEP);
		case 'send':
			return ['send', key.resource, key.id].join(SEP);
	}
}

/** The key as a message names it: `the invoice's invoice_no "INV-7"`, `the invoice sequence "INV-" (4 digits)`. */
export function describeKey(key: WriteKey): string {
	switch (key.kind) {
		case 'record':
			return `the ${key.resource}'s ${key.field} "${key.value}"${key.client === undefined ? '' : ` of client ${key.client}`}`;
		case 'sequence':
			return `the ${key.resource} sequence "${key.prefix}" (${key.digits} digits)`;
		case 'payment':
			return `the payments of the invoice with id ${key.id}`;
		case 'send':
			return `sending the ${key.resource} with id ${key.id}`;
	}
}

/**
 * What a write that cannot be undone (Send, Record Payment) declares besides its key: what it looks for in the
 * record's own read after the write (after-action), an entry like its own that its look before the write had not
 * seen, besides its own. Another execution (a queue worker, a repeated webhook delivery) passed its guard at the
 * same moment: the guards' turns are per process.
 */
export type TwinWatch =
	| { kind: 'payment'; amountCents: number; method?: string; windowMinutes: number; seen: string[] }
	| { kind: 'send'; email: string; windowMinutes: number; seen: string[] };
