import { endWrite, isWriteRequest, markRead, markWrite, unchangedSince } from '../../nodes/Invoicing/helpers/request/write-marks';

/** Which requests count as writes for the memory of recent reads, and when a read or a write's answer may be remembered. */
describe('write-marks', () => {
	test.each([
		['GET', '/invoice/17', false],
		['GET', '/client/all', false],
		[undefined, '/estimate/3', false],
		['GET', '/invoice/paid/17', true],
		['GET', '/invoice/not-paid/17', true],
		['POST', '/invoice/send', true],
		['PUT', '/invoice/17', true],
		['DELETE', '/client/3', true],
	] as const)('%s %s: write %s', (method, url, write) => {
		expect(isWriteRequest(method, url)).toBe(write);
	});

	test('a read sees no change until a write begins; a write alone is remembered, one beside another is not', () => {
		const read = markRead();
		expect(unchangedSince(read)).toBe(true);
		const first = markWrite();
		expect(unchangedSince(read)).toBe(false);
		const second = markWrite();
		expect(endWrite(second, 'done')).toBe(false);
		expect(endWrite(first, 'done')).toBe(false);
		expect(endWrite(first, 'done')).toBe(false);
		const alone = markWrite();
		expect(endWrite(alone, 'done')).toBe(true);
		expect(endWrite(markWrite(), 'refused')).toBe(false);
	});
});
