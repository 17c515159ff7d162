import { settleTimeFor } from '../../nodes/Invoicing/helpers/guards/path/uncertain-writes';

describe('settle time after an unanswered write', () => {
	// n8n's default time-out (300 s), option at its default of 5 time-outs: at most 1,500 s
	const settleMs = 5 * 300_000;

	test('a write that timed out gets the whole settle time', () => {
		expect(settleTimeFor(settleMs, 300_000, 300_000)).toBe(1_500_000);
		expect(settleTimeFor(settleMs, 300_000, 301_500)).toBe(1_500_000);
	});

	test('a failure that came fast settles in proportion: 5 x its duration, counted as at least 1 s', () => {
		expect(settleTimeFor(settleMs, 300_000, 40)).toBe(5_000);
		expect(settleTimeFor(settleMs, 300_000, 12_000)).toBe(60_000);
	});

	test('a short time-out caps it (the slow-service tests: 300 ms time-out, 1.5 s settle)', () => {
		expect(settleTimeFor(1_500, 300, 20)).toBe(1_500);
		expect(settleTimeFor(1_500, 300, 300)).toBe(1_500);
	});

	test('0 turns it off', () => {
		expect(settleTimeFor(0, 300_000, 300_000)).toBe(0);
	});
});
