import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

import { notFound } from './errors';
import type { BookData, Client, Estimate, Expense, Invoice } from './types';

type Collection = 'clients' | 'expenses' | 'invoices' | 'estimates';
type RecordOf<C extends Collection> = BookData[C][number];

const LABEL: Record<Collection, string> = {
	clients: 'Client',
	expenses: 'Expense',
	invoices: 'Invoice',
	estimates: 'Estimate',
};

export function emptyBook(): BookData {
	return { clients: [], expenses: [], invoices: [], estimates: [], sequence: 0 };
}

/** The in-memory book, indexed by id, optionally mirrored to a JSON file after every change (before its answer). */
export class Store {
	private data: BookData = emptyBook();
	private readonly index = {
		clients: new Map<string, Client>(),
		expenses: new Map<string, Expense>(),
		invoices: new Map<string, Invoice>(),
		estimates: new Map<string, Estimate>(),
	};

	constructor(private readonly dataFile?: string) {}

	/** The sequence ids and codes are drawn from; shared with the id source. */
	get sequence(): { value: number } {
		const data = () => this.data;
		return {
			get value() {
				return data().sequence;
			},
			set value(next: number) {
				data().sequence = next;
			},
		};
	}

	loadFile(): boolean {
		if (!this.dataFile || !existsSync(this.dataFile)) return false;
		this.replace(JSON.parse(readFileSync(this.dataFile, 'utf8')) as BookData);
		return true;
	}

	replace(data: BookData): void {
		this.data = data;
		for (const name of Object.keys(this.index) as Collection[]) {
			const map = this.index[name] as Map<string, RecordOf<typeof name>>;
			map.clear();
			for (const record of data[name]) map.set(record.id, record);
		}
		this.save();
	}

	snapshot(): BookData {
		return structuredClone(this.data);
	}

	list<C extends Collection>(name: C): BookData[C] {
		return this.data[name];
	}

	/** Whether `listed` answers newest first (the sandbox's listOrder limit). */
	newestFirst = false;

	/** The records as lists answer them: as stored, or newest first. */
	listed<C extends Collection>(name: C): BookData[C] {
		const records = this.data[name];
		return (this.newestFirst ? [...records].reverse() : records) as BookData[C];
	}

	find<C extends Collection>(name: C, id: string): RecordOf<C> | undefined {
		return (this.index[name] as Map<string, RecordOf<C>>).get(id);
	}

	get<C extends Collection>(name: C, id: string): RecordOf<C> {
		const record = this.find(name, id);
		if (!record) throw notFound(`${LABEL[name]} with id "${id}" was not found.`);
		return record;
	}

	insert<C extends Collection>(name: C, record: RecordOf<C>): RecordOf<C> {
		(this.data[name] as RecordOf<C>[]).push(record);
		(this.index[name] as Map<string, RecordOf<C>>).set(record.id, record);
		this.save();
		return record;
	}

	/** Records a change made in place to a record got from this store. */
	changed(): void {
		this.save();
	}

	remove<C extends Collection>(name: C, id: string): void {
		this.get(name, id);
		(this.data[name] as RecordOf<C>[]) = (this.data[name] as RecordOf<C>[]).filter((r) => r.id !== id);
		(this.index[name] as Map<string, RecordOf<C>>).delete(id);
		this.save();
	}

	/**
	 * The whole book, written before the change is answered: into a file beside the data file, then renamed over it
	 * (one step for the file system), so a process killed at any moment leaves the book before or after the change,
	 * never half a file. Handed to the operating system, not flushed to the disk: survives a kill of the process,
	 * not a power loss of the machine (a flush costs ~40 ms a write here).
	 */
	private save(): void {
		if (!this.dataFile) return;
		const partial = `${this.dataFile}.tmp`;
		writeFileSync(partial, JSON.stringify(this.data, null, 1));
		renameSync(partial, this.dataFile);
	}
}
