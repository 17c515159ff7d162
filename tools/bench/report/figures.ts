import type { BookFigures } from '../book/book-rounds';
import type { ByNumberFigures } from '../book/by-number-rounds';
import type { CountedFigures } from '../chains/counted-report';
import type { ExportFigures } from '../einvoice/export-rounds';
import type { ProfileSummary } from '../measure/cpu-profile';
import type { Spread } from '../measure/stats';
import type { Contender, ScenarioId } from '../scenarios';

export interface ContenderFigures {
	/** The contender's own time per round, ms: n8n's executionTime of its nodes summed; wall time for the raw client. */
	ms: Spread;
	rounds: number[];
	/** Sandbox event-loop busy share over the contender's window, per round. */
	serviceBusy: Spread;
	/** n8n contenders: expressions n8n evaluated for the contender's nodes, per input item (verification run). */
	expressionsPerItem?: number;
	/** n8n contenders: the highest RSS of the n8n process sampled within the contender's window, MB. */
	peakRssMb?: Spread;
	/** n8n contenders: the run-data nodes of the contender. */
	nodes?: string[];
	outputItems: number;
}

export interface ScenarioFigures {
	id: ScenarioId;
	label: string;
	items: number;
	contenders: Record<Contender, ContenderFigures>;
	nodeToHttp: number;
	nodeToRaw: number;
}

export interface RequestCheck {
	scenario: ScenarioId;
	requests: number;
	/** Method, path, query, content type and body the same, as multisets, for node vs HTTP chain vs raw client. */
	same: boolean;
	detail?: string;
}

export interface BenchFigures {
	date: string;
	packageDir: string;
	packageCommit: string;
	parameterLayout: string;
	n8nVersion: string;
	nodeVersion: string;
	expressionEngine: string;
	machine: { cpus: number; model: string; memoryGb: number };
	rounds: number;
	warmUpItems: number;
	/** VmHWM of the n8n process per round (the whole `n8n execute`, both n8n contenders), MB. */
	n8nPeakMb: Spread;
	scenarios: ScenarioFigures[];
	requestChecks: RequestCheck[];
	/** CPU profiles of the profiled scenarios (create and get x1,000), per contender. */
	profile?: Partial<Record<ScenarioId, Record<'node' | 'http', ProfileSummary>>>;
	/** The book-size scenario (one item per execution over books of 100 to 50,000 invoices). */
	bookSize?: BookFigures;
	/** Record Payment By Number against By ID, 100 items over a 10,000-invoice book. */
	byNumber?: ByNumberFigures;
	/** Export E-Invoice (XRechnung UBL) against Get Invoice, 1,000 invoices each in the same executions. */
	einvoice?: ExportFigures;
	/** The counted scenarios: the node with its defaults against the HTTP chain, requests counted by the service. */
	counted?: CountedFigures[];
	totalSeconds: number;
}
