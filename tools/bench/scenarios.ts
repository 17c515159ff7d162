/** The scenarios of `npm run bench`, the contenders, and the input items every contender gets. */

export type ScenarioId = 'create100' | 'create1000' | 'get1000' | 'getMany10000' | 'update1000' | 'createGuarded1000' | CountedScenarioId;
/** The scenarios whose requests differ between the node and the HTTP chain: counted by the service, not compared. */
export type CountedScenarioId = 'createGuarded1000' | 'lifecycle' | 'nextInSequence100';
export type Contender = 'node' | 'http' | 'raw';

export const CONTENDERS: Contender[] = ['node', 'http', 'raw'];

export const CONTENDER_LABEL: Record<Contender, string> = {
	node: 'Invoicing node',
	http: 'HTTP Request chain',
	raw: 'raw keep-alive client',
};

export interface Scenario {
	id: ScenarioId;
	label: string;
	/** Input items (the Get Many scenario has one input item and lists LIST_SIZE invoices). */
	items: number;
	/** Requests per input item every contender sends (1 when omitted): an update is its PUT and the read after it. */
	requestsPerItem?: number;
}

/** Invoices in the separate list service; the Get Many scenario keeps those whose status is Not Paid. */
export const LIST_SIZE = 10_000;
/** Invoices made before the rounds in the main service, read by Get and changed by Update. */
export const FIXTURE_INVOICES = 1_000;
export const FIXTURE_CLIENTS = 10;

export const SCENARIOS: Scenario[] = [
	{ id: 'create100', label: 'create invoice (3 items) x100', items: 100 },
	{ id: 'create1000', label: 'create invoice (3 items) x1,000', items: 1_000 },
	{ id: 'get1000', label: 'get invoice by id x1,000', items: 1_000 },
	{ id: 'getMany10000', label: 'Get Many Not Paid of 10,000 (Return All)', items: 1 },
	{ id: 'update1000', label: 'update invoice x1,000', items: 1_000, requestsPerItem: 2 },
];

/**
 * create1000 with the node's duplicate guard as a user who changes nothing has it (`npm run bench:guarded-create`).
 * Not in SCENARIOS: the guarded node reads the client's documents, which the HTTP chain does not, so `npm run
 * bench`'s verification (the same requests from every contender) cannot hold for it.
 */
export const GUARDED_CREATE: Scenario = { id: 'createGuarded1000', label: 'create invoice (3 items) x1,000, default guards', items: 1_000 };

/** The service a counted scenario runs against: the main one, the life-cycle one, or the book of 20,000 invoices. */
export type CountedService = 'main' | 'lifecycle' | 'sequenceBook';

export interface CountedScenario extends Scenario {
	id: CountedScenarioId;
	service: CountedService;
}

/** Invoices and clients of the life-cycle chain's service, and of the book Next in Sequence numbers in. */
export const LIFECYCLE_BOOK = { invoices: 1_000, clients: 100 };
export const SEQUENCE_BOOK = { invoices: 20_000, clients: 2_000 };

/**
 * The counted comparisons in `npm run bench`: the node as a user who changes nothing has it against the HTTP
 * Request chain a user would build for the same result, in the same rounds. The node sends reads the chain does
 * not (its guards), so the service counts each contender's requests instead of the verification comparing them.
 */
export const COUNTED_SCENARIOS: CountedScenario[] = [
	{ ...GUARDED_CREATE, id: 'createGuarded1000', label: 'create invoice (3 items) x1,000, default guard', service: 'main' },
	{ id: 'lifecycle', label: 'life-cycle chain (9 nodes, 1 item)', items: 1, service: 'lifecycle' },
	{ id: 'nextInSequence100', label: 'Next in Sequence x100 over 20,000 (HTTP: given numbers)', items: 100, service: 'sequenceBook' },
];

/** The requests a scenario's segment sends: one per item, or as the scenario says. */
export function requestsOf(scenario: ScenarioId, items: number): number {
	return items * (SCENARIOS.find((s) => s.id === scenario)?.requestsPerItem ?? 1);
}

export interface LineItemInput {
	description: string;
	quantity: number;
	rate: number;
}

/** One input item of a create: what a sheet row or an earlier step would give. */
export interface CreateInput {
	client: string;
	invoice_no: string;
	items: LineItemInput[];
}

/** One input item of a get or an update. */
export interface RecordInput {
	id: string;
	client: string;
	invoice_no: string;
}

export const PAYMENT_STATUS = 'Not Paid';
export const TAX_RATE = 7.5;
export const UPDATE_NOTE = 'Updated by the benchmark';

export const LINE_ITEMS: LineItemInput[] = [
	{ description: 'Design work', quantity: 2, rate: 150.5 },
	{ description: 'Hosting', quantity: 12, rate: 20 },
	{ description: 'Support hours', quantity: 1.5, rate: 80 },
];

export function createInputs(count: number, clientIds: string[], prefix: string): CreateInput[] {
	return Array.from({ length: count }, (_, index) => ({
		client: clientIds[index % clientIds.length],
		invoice_no: `${prefix}-${index + 1}`,
		items: LINE_ITEMS,
	}));
}

export interface Fixtures {
	clientIds: string[];
	invoices: RecordInput[];
}
