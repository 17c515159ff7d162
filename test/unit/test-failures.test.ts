/** The test command's last lines: what failed and why, read from Jest's JSON report (tools/scripts/test-failures.js). */
const { failuresOf } = require('../../tools/scripts/test-failures') as { failuresOf: (report: object, root: string) => string[] };

const ROOT = '/ci/main';

test('a failed test is named with its file and the first lines of its message, without colours or stack', () => {
	const report = {
		testResults: [
			{
				name: `${ROOT}/test/e2e/editor-browser.test.ts`,
				status: 'failed',
				message: '',
				assertionResults: [
					{ status: 'passed', fullName: 'finds the node', failureMessages: [] },
					{
						status: 'failed',
						fullName: 'picks an invoice',
						failureMessages: ['\u001b[31mError: Signing in failed twice\u001b[39m\n    at signIn (editor-session.ts:90:10)\n\nThe end of n8n\'s log:\nlast line'],
					},
				],
			},
		],
	};
	expect(failuresOf(report, ROOT)).toEqual(["test/e2e/editor-browser.test.ts > picks an invoice: Error: Signing in failed twice | The end of n8n's log: | last line"]);
});

test('a file that failed to run without a failed test is named with its message; passing files are not', () => {
	const report = {
		testResults: [
			{ name: `${ROOT}/test/a.test.ts`, status: 'failed', message: 'Test suite failed to run\n\nCannot find module x', assertionResults: [] },
			{ name: `${ROOT}/test/b.test.ts`, status: 'passed', message: '', assertionResults: [{ status: 'passed', fullName: 'b', failureMessages: [] }] },
		],
	};
	expect(failuresOf(report, ROOT)).toEqual(['test/a.test.ts: Test suite failed to run | Cannot find module x']);
});

test('a report without results names nothing', () => {
	expect(failuresOf({}, ROOT)).toEqual([]);
});
