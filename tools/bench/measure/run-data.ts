import type { RunResult, TaskRun } from '../../scripts/n8n/n8n-cli';

/** A contender's time in one run: the sum of its nodes' own execution times, and the window they span (epoch ms). */
export interface SegmentTiming {
	ms: number;
	from: number;
	to: number;
	outputItems: number;
}

function taskOf(run: RunResult, nodeName: string): TaskRun {
	const task = run.data.resultData.runData[nodeName]?.[0];
	if (!task) throw new Error(`Node "${nodeName}" did not run`);
	if (task.error) throw new Error(`Node "${nodeName}" failed: ${task.error.message}`);
	if (task.startTime === undefined || task.executionTime === undefined) throw new Error(`Node "${nodeName}" has no timing in the run data`);
	return task;
}

export function segmentTiming(run: RunResult, nodeNames: string[]): SegmentTiming {
	const tasks = nodeNames.map((name) => taskOf(run, name));
	const last = tasks[tasks.length - 1];
	return {
		ms: tasks.reduce((sum, task) => sum + (task.executionTime ?? 0), 0),
		from: Math.min(...tasks.map((task) => task.startTime ?? 0)),
		to: Math.max(...tasks.map((task) => (task.startTime ?? 0) + (task.executionTime ?? 0))),
		outputItems: last.data?.main[0]?.length ?? 0,
	};
}

export function outputOf(run: RunResult, nodeName: string): Array<Record<string, unknown>> {
	return (taskOf(run, nodeName).data?.main[0] ?? []).map((item) => item.json);
}
