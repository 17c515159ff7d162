/** What the expression-counter preload wrote: the engine n8n used and evaluations per active node name. */
export interface ExpressionCounts {
	engine: string;
	counts: Record<string, number>;
}

/** Evaluations of a contender's nodes together, per input item of the scenario. */
export function evaluationsPerItem(counts: ExpressionCounts, nodeNames: string[], items: number): number {
	const total = nodeNames.reduce((sum, name) => sum + (counts.counts[name] ?? 0), 0);
	return items > 0 ? total / items : Number.NaN;
}
