// Jest environment of the fast suite: what n8n's logger prints while a test runs (the node's expected errors, by
// the hundred) is kept in memory and printed only when that test, or a hook around it, fails.
// The logger itself is replaced in n8n-logger.ts (setupFilesAfterEnv), which writes into `__invoicingTestLogs`.
'use strict';
const { TestEnvironment } = require('jest-environment-node');

class QuietEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		this.logs = [];
		this.global.__invoicingTestLogs = this.logs;
		// the real process (a test sees a copy): test/scenarios hands the engine's late-handled rejections back to it
		this.global.__hostProcess = process;
	}

	flush(title) {
		if (this.logs.length > 0) {
			process.stderr.write(`\n--- n8n's log during ${title} (${this.logs.length} lines) ---\n${this.logs.join('\n')}\n--- end of n8n's log ---\n`);
		}
		this.logs.length = 0;
	}

	async handleTestEvent(event) {
		if (event.name === 'test_start') this.logs.length = 0;
		else if (event.name === 'test_done') {
			if (event.test.errors.length > 0) this.flush(`the failing test "${fullName(event.test)}"`);
			else this.logs.length = 0;
		} else if (event.name === 'hook_failure') this.flush(`the failing ${event.hook.type} hook`);
	}
}

function fullName(test) {
	const names = [];
	for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name);
	return names.join(' > ');
}

module.exports = QuietEnvironment;
