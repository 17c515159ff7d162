import { heldKeys, takeTurn, type Holder } from '../../nodes/Invoicing/helpers/guards/path/key-turns';

/**
 * A wait on another execution's turn has a limit, and the limit never hands the turn on: past the holder's longest
 * hold, the waiter gives up (it sends nothing), and the next in line still waits for the holder itself.
 */
const holder = (what: string, longestHoldMs: number): Holder => ({ execution: what, describe: () => what, longestHoldMs });

test('a holder past its longest hold: the waiter gives up naming it; the next in line gets the turn only once the holder ends', async () => {
	const first = await takeTurn('k', holder('Create Invoice "INV-7" (item 0)', 20));
	if (first.waitedOut) throw new Error('the first holder waits for nobody');
	const second = await takeTurn('k', holder('second', 60_000));
	expect(second.waitedOut?.holder.describe()).toBe('Create Invoice "INV-7" (item 0)');
	let third: Awaited<ReturnType<typeof takeTurn>> | undefined;
	void takeTurn('k', holder('third', 60_000)).then((turn) => (third = turn));
	await new Promise((resolve) => setImmediate(resolve));
	expect(third).toBeUndefined();
	first.end({ id: '1', invoice_no: 'INV-7' });
	while (third === undefined) await new Promise((resolve) => setImmediate(resolve));
	expect(third.waitedOut).toBeUndefined();
	if (!third.waitedOut) {
		expect(third.handed).toEqual({ id: '1', invoice_no: 'INV-7' });
		third.end();
	}
	expect(heldKeys()).toBe(0);
});

test('a holder that ends within its longest hold hands the turn on, whatever the wait', async () => {
	const first = await takeTurn('j', holder('first', 60_000));
	if (first.waitedOut) throw new Error('the first holder waits for nobody');
	const waiting = takeTurn('j', holder('second', 10));
	setTimeout(() => first.end(), 30);
	const second = await waiting;
	expect(second.waitedOut).toBeUndefined();
	if (!second.waitedOut) second.end();
	expect(heldKeys()).toBe(0);
});
