export interface Spread {
	median: number;
	min: number;
	max: number;
}

/** Median (mean of the two middle values for an even count), min and max; NaN for an empty list. */
export function spread(values: number[]): Spread {
	if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
	const sorted = [...values].sort((a, b) => a - b);
	const middle = sorted.length >> 1;
	const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

/** Ratio of two medians, NaN when the denominator is not positive. */
export function ratio(numerator: number, denominator: number): number {
	return denominator > 0 ? numerator / denominator : Number.NaN;
}
