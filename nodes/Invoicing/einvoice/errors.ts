import type { MissingTerm } from './types';

export type StatedFigure = 'sub_total' | 'tax_amount' | 'total';

export interface FigureMismatch {
	figure: StatedFigure;
	stated: string;
	computed: string;
}

/** Why no file was written: business terms the format needs are missing, or the service's figures disagree with its lines. */
export class EInvoiceError extends Error {
	readonly missing: MissingTerm[];
	readonly mismatch?: FigureMismatch;

	constructor(details: { missing: MissingTerm[] } | { mismatch: FigureMismatch }) {
		const message =
			'missing' in details
				? `The e-invoice lacks ${details.missing.map((term) => `${term.term} (${term.bt})`).join(', ')}`
				: `The invoice's ${details.mismatch.figure} is ${details.mismatch.stated}, but its lines give ${details.mismatch.computed}`;
		super(message);
		this.name = 'EInvoiceError';
		this.missing = 'missing' in details ? details.missing : [];
		if ('mismatch' in details) this.mismatch = details.mismatch;
	}
}
