import { keyIn } from '../../nodes/Invoicing/helpers/guards/keys/rerun-key';
import type { Scenario } from './model';
import { FROM_ESTIMATE } from './operations';
import { keysAcross, type ScenarioOutcome } from './run-scenario';
import { copyLeftReports, unansweredAcrossProcesses } from './write-invariants';

/**
 * The Re-Run Key of Next in Sequence in the scenarios (issue 43): a row's `order` is its key; one key, one
 * document, and rows of different keys have documents of their own, whatever their content.
 */

/** The first step's rows carry a Re-Run Key that decides (Create Anyway never matches: each row is a document of its own). */
export const keyedByRerunKey = (scenario: Scenario): boolean =>
	keysAcross(scenario) !== undefined && (FROM_ESTIMATE.includes(scenario.operation) || scenario.settings.ifExists !== 'create');

/** How many deliveries of the rows there were: each execution unless twins (one delivery at once), and the re-run. */
export const deliveries = (scenario: Scenario): number => (scenario.twins ? 1 : scenario.executions) + (scenario.again ? 1 : 0);

/** Whether a document carries a Re-Run Key of scenario key `k` (`order-<k+1>`, or one of a delivery's `order-<k+1>-<n>`). */
export function carriesKeyOf(scenario: Scenario, document: { note?: string; description?: string }, k: number): boolean {
	const key = keyIn(document[scenario.settings.rerunKey?.field ?? 'note']);
	return key !== undefined && (key === `order-${k + 1}` || key.startsWith(`order-${k + 1}-`));
}

/**
 * (m) Same key, one document: every row of a key, in every execution and the re-run, names one document, and the
 * service holds at most one that carries the key; different keys, separate documents: no document is named by
 * rows of two keys.
 */
export function keysNameOneDocument(outcome: ScenarioOutcome): string[] {
	const { scenario, book } = outcome;
	if (!keyedByRerunKey(scenario) || unansweredAcrossProcesses(outcome)) return [];
	// documents a report of a copy left names are the user's to resolve, as the report says
	const reports = copyLeftReports(outcome);
	const told = (ids: Iterable<string>) => [...ids].some((id) => reports.some((report) => report.includes(`(id ${id})`)));
	const idsOfKey = new Map<string, Set<string>>();
	const keysOfId = new Map<string, Set<string>>();
	for (const [first] of outcome.runs) {
		if (!first) continue;
		first.result.items.forEach((item, index) => {
			if (item.error || item.json.error !== undefined || typeof item.json.id !== 'string') return;
			const key = String(first.input[index]?.order);
			idsOfKey.set(key, new Set([...(idsOfKey.get(key) ?? []), item.json.id]));
			keysOfId.set(item.json.id, new Set([...(keysOfId.get(item.json.id) ?? []), key]));
		});
	}
	const problems: string[] = [];
	const documents = scenario.operation === 'estimateCreate' ? book.estimates : book.invoices;
	// a Delete in the chain removes a document as asked, and a later run of its key makes it anew: the rows may name
	// both; of the documents still held, one a key
	const deletes = scenario.chain.some((step) => step.endsWith('Delete'));
	const named = (ids: Set<string>) => (deletes ? [...ids].filter((id) => documents.some((document) => document.id === id)) : [...ids]);
	for (const [key, ids] of idsOfKey) if (named(ids).length > 1 && !told(ids)) problems.push(`(m) the rows of Re-Run Key ${key} name ${named(ids).length} documents: ${named(ids).join(', ')}`);
	for (const [id, keys] of keysOfId) if (keys.size > 1 && !told([id])) problems.push(`(m) the document ${id} is named by rows of ${keys.size} keys: ${[...keys].join(', ')}`);
	const field = scenario.settings.rerunKey?.field ?? 'note';
	for (const key of idsOfKey.keys()) {
		const held = documents.filter((document) => keyIn(document[field]) === key);
		if (held.length > 1 && !told(held.map((document) => document.id))) problems.push(`(m) the service holds ${held.length} documents with the Re-Run Key ${key}`);
	}
	return problems;
}
