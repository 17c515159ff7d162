import type { CredentialFile, N8nCli } from '../../scripts/n8n/n8n-cli';
import type { WorkflowFile } from '../../scripts/n8n/workflows';
import { executeMeasured } from '../measure/n8n-execution';
import { outputOf, segmentTiming } from '../measure/run-data';
import { ratio, spread, type Spread } from '../measure/stats';
import { EXECUTE_TIMEOUT_MS } from '../phases/context';
import { ms, ratioText, spreadText } from '../report/format';
import type { RequestKinds } from '../service/request-tally';
import { ServiceClient } from '../service/service-client';
import {
	BOOK_CONTENDER_LABEL,
	BOOK_CONTENDERS,
	BOOK_SIZES,
	bookCredential,
	bookCredentials,
	bookWorkflow,
	INVOICES_PER_CLIENT,
	type BookContender,
	type BookFixture,
	type BookPlan,
} from './book-scenario';

export interface BookSetup {
	services: ServiceClient[];
	books: BookFixture[];
	plans: BookPlan[];
	credentials: CredentialFile[];
	workflows: WorkflowFile[];
}

/** Starts one service per book size (built in memory, not through the API) and plans the rotation workflows. */
export async function setUpBooks(apiKey: string): Promise<BookSetup> {
	const services = await Promise.all(
		BOOK_SIZES.map((size) => ServiceClient.start({ apiKey, clients: Math.max(1, size / INVOICES_PER_CLIENT), invoices: size, pattern: 'allNotPaid', seed: 'direct' })),
	);
	const books: BookFixture[] = services.map((service, index) => {
		const [first] = service.ready.invoices;
		return { size: BOOK_SIZES[index], baseUrl: service.url, credential: bookCredential(BOOK_SIZES[index]), client: first.client, invoice: first };
	});
	const plans = BOOK_CONTENDERS.map((_, rotation) => bookWorkflow(`benchBookSizes${rotation}`, books, rotation));
	return { services, books, plans, credentials: bookCredentials(books, apiKey), workflows: plans.map((plan) => plan.workflow) };
}

export interface BookFigures {
	rounds: number;
	/** Per book size, per contender: the node's own execution time (ms). */
	sizes: Array<{
		size: number;
		clients: number;
		contenders: Record<BookContender, Spread>;
		guardToHttp: number;
		upsertToHttp: number;
		anywayToHttp: number;
		sequenceToHttp: number;
		/** The guarded create and Next in Sequence over one read of the book plus the POST (httpList + httpPost). */
		guardToListAndPost: number;
		sequenceToListAndPost: number;
		/** The requests each contender's node sent in the last round, as the service counted them in its window. */
		requests: Partial<Record<BookContender, RequestKinds>>;
	}>;
}

/** `rounds` executions, each of the next rotation's workflow; every contender's node time per book. */
export async function bookRounds(cli: N8nCli, setup: BookSetup, rounds: number, log: (message: string) => void): Promise<BookFigures> {
	const times = new Map<string, number[]>();
	const requests = new Map<string, RequestKinds>();
	for (let round = 0; round < rounds; round++) {
		const plan = setup.plans[round % setup.plans.length];
		const { run } = await executeMeasured(cli, plan.workflow.id, { timeoutMs: EXECUTE_TIMEOUT_MS });
		for (const segment of plan.segments) {
			const key = `${segment.size} ${segment.contender}`;
			const [output] = outputOf(run, segment.nodeName);
			// a create that found an existing record or a payment skipped would measure something else
			if (output?.skipped === true || output?.action === 'existing') throw new Error(`${segment.nodeName}: unexpected output ${JSON.stringify(output)}`);
			const timing = segmentTiming(run, [segment.nodeName]);
			times.set(key, [...(times.get(key) ?? []), timing.ms]);
			requests.set(key, await setup.services[BOOK_SIZES.indexOf(segment.size)].requestKinds(timing.from, timing.to));
		}
		log(
			`book sizes, round ${round + 1}/${rounds}: ` +
				BOOK_SIZES.map((size) => `${size}: ${BOOK_CONTENDERS.map((c) => (times.get(`${size} ${c}`) ?? []).at(-1)).join('/')}`).join(', ') +
				` ms (${BOOK_CONTENDERS.join('/')})`,
		);
	}
	const sizes = BOOK_SIZES.map((size) => {
		const contenders = Object.fromEntries(BOOK_CONTENDERS.map((c) => [c, spread(times.get(`${size} ${c}`) ?? [])])) as Record<BookContender, Spread>;
		const http = contenders.httpPost.median;
		return {
			size,
			clients: Math.max(1, size / INVOICES_PER_CLIENT),
			contenders,
			guardToHttp: ratio(contenders.createGuard.median, http),
			upsertToHttp: ratio(contenders.upsert.median, http),
			anywayToHttp: ratio(contenders.createAnyway.median, http),
			sequenceToHttp: ratio(contenders.nextInSequence.median, http),
			guardToListAndPost: ratio(contenders.createGuard.median, contenders.httpList.median + http),
			sequenceToListAndPost: ratio(contenders.nextInSequence.median, contenders.httpList.median + http),
			requests: Object.fromEntries(BOOK_CONTENDERS.map((c) => [c, requests.get(`${size} ${c}`) ?? {}])),
		};
	});
	return { rounds, sizes };
}

/** The figures as a Markdown table (printed by the bench, pasted into docs/benchmark.md). */
export function bookTable(figures: BookFigures): string {
	const header = ['invoices in the service (clients)', ...BOOK_CONTENDERS.map((c) => `${BOOK_CONTENDER_LABEL[c]} ms`), 'guarded Create / HTTP', 'Create or Update / HTTP', 'Next in Sequence / HTTP', 'guarded Create / (list + POST)', 'Next in Sequence / (list + POST)'];
	const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
	for (const row of figures.sizes) {
		const cells = [
			`${row.size.toLocaleString('en')} (${row.clients.toLocaleString('en')})`,
			...BOOK_CONTENDERS.map((c) => spreadText(row.contenders[c])),
			ratioText(row.guardToHttp),
			ratioText(row.upsertToHttp),
			ratioText(row.sequenceToHttp),
			ratioText(row.guardToListAndPost),
			ratioText(row.sequenceToListAndPost),
		];
		lines.push(`| ${cells.join(' | ')} |`);
	}
	lines.push('', 'Requests of one execution (the last round), as the service counted them:');
	for (const row of figures.sizes) {
		for (const contender of ['createGuard', 'httpPost', 'httpList', 'nextInSequence'] as const) {
			const kinds = Object.entries(row.requests[contender] ?? {}).sort(([a], [b]) => a.localeCompare(b));
			lines.push(`- ${row.size.toLocaleString('en')}, ${BOOK_CONTENDER_LABEL[contender]}: ${kinds.map(([kind, count]) => `${count} x ${kind}`).join(', ')}`);
		}
	}
	return lines.join('\n');
}

export const bookBrief = (figures: BookFigures): string =>
	figures.sizes.map((s) => `${s.size}: guard ${ms(s.contenders.createGuard.median)} / HTTP ${ms(s.contenders.httpPost.median)} = ${ratioText(s.guardToHttp)}`).join('; ');
