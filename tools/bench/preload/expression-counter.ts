/**
 * Preloaded into the n8n process (NODE_OPTIONS=--require, after transpiling to JavaScript): counts the
 * expressions n8n really evaluates, per active node, by wrapping n8n-workflow's
 * WorkflowExpression.prototype.resolveSimpleParameterValue in the copy n8n itself loads, and writes the
 * counts at exit. Also writes a clock anchor (epoch ms beside the monotonic clock V8's CPU profiles use).
 * Environment: BENCH_N8N_PACKAGE_DIR (n8n's package folder), BENCH_COUNTS_FILE, BENCH_CLOCK_FILE (each optional).
 */
import { writeFileSync } from 'node:fs';

type Resolve = (this: unknown, parameterValue: unknown, ...rest: unknown[]) => unknown;

interface WorkflowModule {
	WorkflowExpression: { prototype: { resolveSimpleParameterValue: Resolve } };
	Expression: { getActiveImplementation?: () => string };
}

/** Index of `activeNodeName` in resolveSimpleParameterValue(value, siblings, runData, runIndex, itemIndex, activeNodeName, ...). */
const ACTIVE_NODE_ARGUMENT = 4;

function install(): void {
	const clockFile = process.env.BENCH_CLOCK_FILE;
	if (clockFile) writeFileSync(clockFile, JSON.stringify({ epochMs: Date.now(), monotonicUs: Number(process.hrtime.bigint() / 1000n) }));

	const countsFile = process.env.BENCH_COUNTS_FILE;
	const packageDir = process.env.BENCH_N8N_PACKAGE_DIR;
	if (!countsFile || !packageDir) return;
	const workflow = require(require.resolve('n8n-workflow', { paths: [packageDir] })) as WorkflowModule;
	const counts: Record<string, number> = {};
	const original = workflow.WorkflowExpression.prototype.resolveSimpleParameterValue;
	workflow.WorkflowExpression.prototype.resolveSimpleParameterValue = function counted(this: unknown, parameterValue: unknown, ...rest: unknown[]) {
		if (typeof parameterValue === 'string' && parameterValue.startsWith('=')) {
			const node = String(rest[ACTIVE_NODE_ARGUMENT]);
			counts[node] = (counts[node] ?? 0) + 1;
		}
		return original.call(this, parameterValue, ...rest);
	};
	process.on('exit', () => {
		const engine = workflow.Expression.getActiveImplementation?.() ?? 'unknown';
		writeFileSync(countsFile, JSON.stringify({ engine, counts }));
	});
}

install();
