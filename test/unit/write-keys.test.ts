import { keyText, type WriteKey } from '../../nodes/Invoicing/helpers/guards/path/write-keys';

/** The keys the guards take turns on and file unanswered writes under (docs/design.md, "The write path"). */
const keys: Record<string, WriteKey> = {
	'invoice INV-1 in the book': { kind: 'record', resource: 'invoice', field: 'invoice_no', value: 'INV-1' },
	'invoice INV-1 of client 7': { kind: 'record', resource: 'invoice', field: 'invoice_no', value: 'INV-1', client: '7' },
	'invoice INV-1 of client 8': { kind: 'record', resource: 'invoice', field: 'invoice_no', value: 'INV-1', client: '8' },
	'estimate INV-1 in the book': { kind: 'record', resource: 'estimate', field: 'estimate_no', value: 'INV-1' },
	'client by e-mail': { kind: 'record', resource: 'client', field: 'email', value: 'a@b.example' },
	'client by name': { kind: 'record', resource: 'client', field: 'name', value: 'a@b.example' },
	'sequence INV- 4 digits': { kind: 'sequence', resource: 'invoice', prefix: 'INV-', digits: 4 },
	'sequence INV- 5 digits': { kind: 'sequence', resource: 'invoice', prefix: 'INV-', digits: 5 },
	'payment on 42': { kind: 'payment', id: '42' },
	'send of invoice 42': { kind: 'send', resource: 'invoice', id: '42' },
	'send of estimate 42': { kind: 'send', resource: 'estimate', id: '42' },
};

test('every declared key is filed under a text of its own: no two writes of different keys share a turn', () => {
	const texts = Object.entries(keys).map(([name, key]) => [keyText(key), name]);
	const byText = new Map<string, string[]>();
	for (const [text, name] of texts) byText.set(text, [...(byText.get(text) ?? []), name]);
	expect([...byText.values()].filter((names) => names.length > 1)).toEqual([]);
});

test('the same key declared twice is the same turn, whatever the object', () => {
	expect(keyText({ kind: 'payment', id: '42' })).toBe(keyText({ id: '42', kind: 'payment' }));
	expect(keyText({ kind: 'record', resource: 'invoice', field: 'invoice_no', value: 'INV-1', client: '7' })).toBe(
		keyText({ client: '7', value: 'INV-1', field: 'invoice_no', resource: 'invoice', kind: 'record' }),
	);
});

test('a payment and a send on the same record are different keys (a send does not wait for a payment)', () => {
	expect(keyText({ kind: 'payment', id: '42' })).not.toBe(keyText({ kind: 'send', resource: 'invoice', id: '42' }));
	expect(keyText({ kind: 'payment', id: '42' })).toBe('payment\u000042');
});
