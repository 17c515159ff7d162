import { SequenceLane } from '../../nodes/Invoicing/helpers/guards/path/sequence-lane';

/**
 * What a sequence's lane adds to a run's list: the records this process made since the list was read (the list may
 * predate them), never one it deleted since (a copy handed over to its twin, or deleted after a failed renumber).
 */
const invoice = (id: string, number: string) => ({ id, invoice_no: number });

test('a run sees the records the lane made after its list was read, the latest answer of each winning', () => {
	const lane = new SequenceLane();
	const readAt = Date.now() - 1;
	lane.remember(invoice('2', 'INV-0002'));
	lane.remember(invoice('1', 'INV-0009'));
	expect(lane.withRecent([invoice('1', 'INV-0001')], readAt)).toEqual([invoice('1', 'INV-0009'), invoice('2', 'INV-0002')]);
});

test('a record the lane deleted is never added to a later run\'s list', () => {
	const lane = new SequenceLane();
	const readAt = Date.now() - 1;
	lane.remember(invoice('7', 'INV-0007'));
	lane.remember(invoice('8', 'INV-0008'));
	lane.remember(invoice('7', 'INV-0010'));
	lane.forget('7');
	expect(lane.withRecent([invoice('3', 'INV-0003')], readAt)).toEqual([invoice('3', 'INV-0003'), invoice('8', 'INV-0008')]);
});

test('records remembered before the list was read are in it already: nothing is added', () => {
	const lane = new SequenceLane();
	lane.remember(invoice('4', 'INV-0004'));
	const list = [invoice('4', 'INV-0004')];
	expect(lane.withRecent(list, Date.now() + 1)).toBe(list);
});
