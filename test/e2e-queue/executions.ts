import { join } from 'node:path';

import { N8N_DIR } from '../../tools/scripts/n8n/config';
import type { Postgres } from '../../tools/scripts/n8n/queue/postgres';
import { waitFor } from '../../tools/scripts/n8n/queue/ports';

export interface TaskData {
	executionTime: number;
	data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
	error?: { message: string };
}
export type RunData = Record<string, TaskData[]>;

export interface ExecutionRow {
	id: string;
	status: string;
	mode: string;
	startedAt: number;
	stoppedAt: number;
}

const FINISHED = `status NOT IN ('new', 'running', 'waiting')`;
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** n8n's executions as stored in Postgres: the one place main and workers agree on. */
export class Executions {
	constructor(private readonly postgres: Postgres) {}

	async finished(workflowId: string, afterId = 0): Promise<ExecutionRow[]> {
		const out = await this.postgres.query(
			`SELECT id, status, mode, (extract(epoch from "startedAt") * 1000)::bigint, (extract(epoch from "stoppedAt") * 1000)::bigint
			 FROM execution_entity WHERE "workflowId" = ${quote(workflowId)} AND id > ${afterId} AND ${FINISHED} ORDER BY id`,
		);
		return out
			.split('\n')
			.filter(Boolean)
			.map((line) => {
				const [id, status, mode, startedAt, stoppedAt] = line.split('|');
				return { id, status, mode, startedAt: Number(startedAt), stoppedAt: Number(stoppedAt) };
			});
	}

	async lastId(): Promise<number> {
		return Number((await this.postgres.query('SELECT coalesce(max(id), 0) FROM execution_entity')).trim());
	}

	/** Waits until `count` executions of the workflow after `afterId` have finished; returns them. */
	async waitFinished(workflowId: string, count: number, timeoutMs: number, afterId = 0, describe = () => ''): Promise<ExecutionRow[]> {
		let seen = 0;
		return await waitFor(
			`${count} finished executions of ${workflowId}`,
			timeoutMs,
			async () => {
				const rows = await this.finished(workflowId, afterId);
				seen = rows.length;
				return rows.length >= count ? rows : undefined;
			},
			() => `${seen} of ${count} finished.\n${describe()}`,
			1000,
		);
	}

	/** The run data of executions (n8n stores it "flatted"), by execution id. */
	async runData(ids: string[]): Promise<Map<string, RunData>> {
		const { parse } = require(join(N8N_DIR, 'node_modules', 'flatted')) as { parse(text: string): { resultData: { runData: RunData } } };
		const result = new Map<string, RunData>();
		for (let start = 0; start < ids.length; start += 200) {
			const chunk = ids.slice(start, start + 200);
			const out = await this.postgres.query(
				`SELECT "executionId" || E'\\t' || replace(data, E'\\n', '\\n') FROM execution_data WHERE "executionId" IN (${chunk.join(',')})`,
			);
			for (const line of out.split('\n').filter(Boolean)) {
				const tab = line.indexOf('\t');
				result.set(line.slice(0, tab), parse(line.slice(tab + 1)).resultData.runData);
			}
		}
		return result;
	}
}

/** The output items (json) of one node in a run. */
export function output(runData: RunData, node: string): Array<Record<string, unknown>> {
	const task = runData[node]?.[0];
	if (!task) throw new Error(`Node "${node}" did not run; ran: ${Object.keys(runData).join(', ')}`);
	if (task.error) throw new Error(`Node "${node}" failed: ${task.error.message}`);
	return (task.data?.main[0] ?? []).map((item) => item.json);
}
