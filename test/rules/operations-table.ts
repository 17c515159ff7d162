import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TableRow {
	resource: string;
	operation: string;
	/** The requests the Request(s) cell quotes, as `METHOD /path` with `{id}` for a record's id. */
	requests: string[];
}

/** The rows of the "## Operations" table of docs/operations.md (the README links to it). */
export function operationsTable(page = readFileSync(join(__dirname, '..', '..', 'docs', 'operations.md'), 'utf8')): TableRow[] {
	const section = page.split(/^## Operations$/m)[1]?.split(/^## /m)[0] ?? '';
	return section
		.split('\n')
		.filter((line) => line.startsWith('| ') && !line.startsWith('| Resource') && !line.startsWith('|---'))
		.map((line) => {
			const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
			const requests = [...cells[3].matchAll(/`(GET|POST|PUT|DELETE) (\/[^`\s]+)`/g)].map((m) => `${m[1]} ${m[2]}`);
			return { resource: cells[1], operation: cells[2], requests };
		});
}
