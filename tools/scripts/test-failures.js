// What failed in a Jest JSON report, a line per failed test (file, name, the message's first lines without colours
// or stack) and per file that failed to run: the test command prints them last, where a log read from its end has them.
'use strict';

/** The first lines of a failure message, without colours or stack: enough to say why where only a log's end is read. */
function firstLines(message, count = 6) {
	return message
		.replace(/\u001b\[[0-9;]*m/g, '')
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('at '))
		.slice(0, count)
		.join(' | ');
}

/** Each failed test of a Jest report (file, name, why), and each file that failed to run. */
function failuresOf(report, root) {
	const lines = [];
	for (const file of report.testResults ?? []) {
		const where = file.name ? file.name.replace(`${root}/`, '') : '(a test file)';
		const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
		for (const test of failedTests) lines.push(`${where} > ${test.fullName}: ${firstLines((test.failureMessages ?? []).join('\n'))}`);
		if (failedTests.length === 0 && file.status === 'failed') lines.push(`${where}: ${firstLines(file.message ?? 'failed to run')}`);
	}
	return lines;
}

module.exports = { failuresOf };
