import { sameRequests, splitLog } from '../../../tools/bench/measure/request-check';
import type { ServiceRequestSummary } from '../../../tools/bench/service/protocol';

const request = (rawBody: string, authorized = true): ServiceRequestSummary => ({
	method: 'POST',
	path: '/v1/invoice/add',
	query: '{}',
	contentType: 'application/x-www-form-urlencoded',
	rawBody,
	authorized,
});

describe('bench request comparison', () => {
	test('the same requests in another order are the same (n8n sends them at once)', () => {
		expect(sameRequests([request('a=1'), request('a=2')], [request('a=2'), request('a=1')])).toEqual({ same: true });
	});

	test('one byte of body, a missing request or a request without the key is a difference', () => {
		expect(sameRequests([request('a=1')], [request('a=1 ')]).same).toBe(false);
		expect(sameRequests([request('a=1')], []).same).toBe(false);
		expect(sameRequests([request('a=1')], [request('a=1', false)]).same).toBe(false);
	});

	test('a log is cut into the pieces of the contenders that ran one after the other', () => {
		expect(splitLog([1, 2, 3, 4, 5], [2, 3])).toEqual([[1, 2], [3, 4, 5]]);
		expect(() => splitLog([1, 2], [3])).toThrow('logged 2 requests, expected 3');
	});
});
