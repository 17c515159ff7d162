import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

/**
 * The node's parameter contract, as saved workflows depend on it: for each node version and each resource and
 * operation, every parameter n8n shows there, with its type, its default (n8n leaves a parameter equal to
 * its default out of the saved JSON, so the default is what such a workflow means), the values of its options,
 * the modes of a record picker, and the same for the options of its collections.
 */
export interface ParameterTerms {
	type: string;
	default?: unknown;
	values?: string[];
	modes?: string[];
	options?: Record<string, ParameterTerms>;
}

/** version -> "resource:operation" -> parameter name -> terms */
export type Contract = Record<string, Record<string, Record<string, ParameterTerms>>>;

type Show = Record<string, unknown[] | undefined>;

/** n8n's display condition on the node version: a list of versions or `{ _cnd: { gte: 2 } }`-style conditions. */
function versionMatches(condition: unknown, version: number): boolean {
	if (typeof condition === 'number') return condition === version;
	const cnd = (condition as { _cnd?: Record<string, number> })?._cnd;
	if (!cnd) return false;
	const [op, value] = Object.entries(cnd)[0];
	return op === 'eq' ? version === value : op === 'not' ? version !== value : op === 'gte' ? version >= value : op === 'lte' ? version <= value : op === 'gt' ? version > value : op === 'lt' ? version < value : false;
}

/** Whether an entry is shown for this version, resource and operation (other conditions: it may be, so it counts). */
function shown(entry: { displayOptions?: INodeProperties['displayOptions'] }, at: { version: number; resource: string; operation: string }): boolean {
	const show = (entry.displayOptions?.show ?? {}) as Show;
	const hide = (entry.displayOptions?.hide ?? {}) as Show;
	const value = (key: string): unknown => (key === '@version' ? at.version : key.replace(/^\//, '') === 'resource' ? at.resource : key.replace(/^\//, '') === 'operation' ? at.operation : undefined);
	const holds = (key: string, wanted: unknown[]) => {
		const actual = value(key);
		if (actual === undefined) return undefined;
		return key === '@version' ? wanted.some((w) => versionMatches(w, at.version)) : wanted.includes(actual);
	};
	for (const [key, wanted] of Object.entries(show)) if (wanted && holds(key, wanted) === false) return false;
	for (const [key, wanted] of Object.entries(hide)) if (wanted && holds(key, wanted) === true) return false;
	return true;
}

type Entry = INodeProperties | INodePropertyCollection;

function terms(entry: Entry, at: { version: number; resource: string; operation: string }): ParameterTerms {
	if (!('type' in entry)) {
		// a fixedCollection's group: its fields
		return { type: 'group', options: childTerms(entry.values, at) };
	}
	const out: ParameterTerms = { type: entry.type, default: entry.default };
	if (entry.type === 'options' || entry.type === 'multiOptions') {
		out.values = ((entry.options ?? []) as INodePropertyOptions[]).map((o) => String(o.value)).sort();
	}
	if (entry.type === 'resourceLocator') out.modes = (entry.modes ?? []).map((m) => m.name).sort();
	if (entry.type === 'collection' || entry.type === 'fixedCollection') out.options = childTerms(entry.options as Entry[], at);
	return out;
}

function childTerms(entries: Entry[] | undefined, at: { version: number; resource: string; operation: string }): Record<string, ParameterTerms> {
	const out: Record<string, ParameterTerms> = {};
	for (const entry of entries ?? []) {
		if ('displayOptions' in entry && !shown(entry, at)) continue;
		out[entry.name] = terms(entry, at);
	}
	return out;
}

export function parameterContract(description: INodeTypeDescription): Contract {
	const contract: Contract = {};
	for (const version of ([] as number[]).concat(description.version)) {
		const byCombination: Contract[string] = {};
		const visible = (at: { version: number; resource: string; operation: string }) => description.properties.filter((p) => shown(p, at));
		const resourceParam = description.properties.find((p) => p.name === 'resource' && shown(p, { version, resource: '', operation: '' }));
		for (const resource of ((resourceParam?.options ?? []) as INodePropertyOptions[]).map((o) => String(o.value))) {
			const operationParam = visible({ version, resource, operation: '' }).find((p) => p.name === 'operation');
			for (const operation of ((operationParam?.options ?? []) as INodePropertyOptions[]).map((o) => String(o.value))) {
				const at = { version, resource, operation };
				byCombination[`${resource}:${operation}`] = Object.fromEntries(visible(at).map((p) => [p.name, terms(p, at)]));
			}
		}
		contract[String(version)] = byCombination;
	}
	return contract;
}

/**
 * What `now` no longer honours of `before`: a combination, a parameter, an option of a collection, an option
 * value or a picker mode gone, or a type or default changed. A saved workflow depending on it would be
 * refused or would mean something else.
 */
export function brokenTerms(before: Contract, now: Contract): string[] {
	const problems: string[] = [];
	const compare = (where: string, was: Record<string, ParameterTerms>, is: Record<string, ParameterTerms> | undefined) => {
		for (const [name, old] of Object.entries(was)) {
			const current = is?.[name];
			if (!current) {
				problems.push(`${where} ${name}: removed or renamed`);
				continue;
			}
			if (current.type !== old.type) problems.push(`${where} ${name}: type ${old.type} -> ${current.type}`);
			if (JSON.stringify(current.default) !== JSON.stringify(old.default)) {
				problems.push(`${where} ${name}: default ${JSON.stringify(old.default)} -> ${JSON.stringify(current.default)}`);
			}
			for (const value of old.values ?? []) if (!current.values?.includes(value)) problems.push(`${where} ${name}: option value "${value}" removed`);
			for (const mode of old.modes ?? []) if (!current.modes?.includes(mode)) problems.push(`${where} ${name}: mode "${mode}" removed`);
			if (old.options) compare(`${where} ${name} >`, old.options, current.options);
		}
	};
	for (const [version, combinations] of Object.entries(before)) {
		if (!now[version]) {
			problems.push(`version ${version}: removed`);
			continue;
		}
		for (const [combination, parameters] of Object.entries(combinations)) {
			if (!now[version][combination]) problems.push(`v${version} ${combination}: removed`);
			else compare(`v${version} ${combination}`, parameters, now[version][combination]);
		}
	}
	return problems;
}
