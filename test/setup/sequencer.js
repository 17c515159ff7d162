// The fast suite's order: longest first, so that neither of the two workers is left with a long file at the end.
// Jest orders by the durations it cached from the last run, but a fresh clone (CI) has none and Jest then goes by
// file size, which put the scenarios (a short file, a long run) last. Known durations below stand in until then;
// a file not listed keeps Jest's order, after the listed ones. Stale figures only cost time, never a check.
'use strict';
const Sequencer = require('@jest/test-sequencer').default;
const { relative } = require('node:path');

/** Seconds each of the slowest files took in a fast-suite run on this project's 2-core machine. */
const KNOWN_SECONDS = {
	'test/engine/load.test.ts': 86,
	'test/scenarios/scenarios.test.ts': 55,
	'test/engine/rate-limit.test.ts': 33,
	'test/engine/service-restart.test.ts': 30,
	'test/rules/lint.test.ts': 29,
	'test/engine/promises-combined.test.ts': 29,
	'test/trigger/bounded-state.test.ts': 25,
	'test/engine/date-catalogue.test.ts': 24,
	'test/rules/package.test.ts': 16,
	'test/rules/lockfile.test.ts': 15,
	'test/engine/next-number.test.ts': 14,
	'test/trigger/state-size.test.ts': 14,
	'test/engine/by-number.test.ts': 14,
	'test/scenarios/regressions.test.ts': 12,
	'test/rules/readme-quotes.test.ts': 12,
	'test/rules/quiet-logs.test.ts': 11,
	'test/engine/slow-service.test.ts': 11,
	'test/rules/build.test.ts': 10,
	'test/engine/invoice.test.ts': 10,
};

class LongestFirst extends Sequencer {
	sort(tests) {
		// Jest's own order, and each test's cached duration (ms) when it has one
		const ordered = super.sort(tests);
		const seconds = (test) => (test.duration != null ? test.duration / 1000 : (KNOWN_SECONDS[relative(test.context.config.rootDir, test.path)] ?? 0));
		const failed = (test) => (this.hasFailed(test) ? 1 : 0);
		return [...ordered].sort((a, b) => failed(b) - failed(a) || seconds(b) - seconds(a));
	}
}

module.exports = LongestFirst;
