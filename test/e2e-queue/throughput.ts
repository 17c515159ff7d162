import type { ExecutionRow, RunData } from './executions';

export interface Figures {
	workers: number;
	executions: number;
	/** From the first webhook call sent to the last execution stopped. */
	seconds: number;
	perSecond: number;
	/** Mean execution time (started to stopped, as n8n records it), ms. */
	meanExecutionMs: number;
	/** Mean over executions of (time in the Invoicing nodes / the execution's time). */
	invoicingShareOfExecution: number;
	/** Time in the Invoicing nodes / time in all nodes, summed over executions. */
	invoicingShareOfNodeTime: number;
	/** How many of the executions each worker ran, by worker name. */
	perWorker: Record<string, number>;
	/** CPU time (user + system) per execution, ms, by part: main, the workers together, Postgres, Redis, and this test process (sandbox + load generator). */
	cpuMsPerExecution: Record<string, number>;
	/** Executions per second one fully busy core would give at this CPU cost (1000 / the sum of cpuMsPerExecution). */
	perSecondPerCore: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function figures(options: {
	workers: number;
	sentAt: number;
	rows: ExecutionRow[];
	runData: Map<string, RunData>;
	invoicingNodes: string[];
	perWorker: Record<string, number>;
	/** CPU ms each part used during the phase. */
	cpuMs: Record<string, number>;
}): Figures {
	const { rows, runData, invoicingNodes } = options;
	const seconds = (Math.max(...rows.map((r) => r.stoppedAt)) - options.sentAt) / 1000;
	const nodeTime = (data: RunData, names: string[]) => sum(names.map((name) => sum((data[name] ?? []).map((task) => task.executionTime))));
	const shares: number[] = [];
	let invoicingTotal = 0;
	let nodesTotal = 0;
	for (const row of rows) {
		const data = runData.get(row.id);
		if (!data) throw new Error(`no run data for execution ${row.id}`);
		const invoicing = nodeTime(data, invoicingNodes);
		invoicingTotal += invoicing;
		nodesTotal += nodeTime(data, Object.keys(data));
		shares.push(invoicing / Math.max(1, row.stoppedAt - row.startedAt));
	}
	return {
		workers: options.workers,
		executions: rows.length,
		seconds: Number(seconds.toFixed(1)),
		perSecond: Number((rows.length / seconds).toFixed(1)),
		meanExecutionMs: Math.round(sum(rows.map((r) => r.stoppedAt - r.startedAt)) / rows.length),
		invoicingShareOfExecution: Number((sum(shares) / shares.length).toFixed(3)),
		invoicingShareOfNodeTime: Number((invoicingTotal / Math.max(1, nodesTotal)).toFixed(3)),
		perWorker: options.perWorker,
		cpuMsPerExecution: Object.fromEntries(Object.entries(options.cpuMs).map(([part, ms]) => [part, Number((ms / rows.length).toFixed(1))])),
		perSecondPerCore: Number(((1000 * rows.length) / Math.max(1, sum(Object.values(options.cpuMs)))).toFixed(1)),
	};
}
