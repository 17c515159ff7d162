import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * The texts the code can print, read from its source: every string and template literal under the given
 * folders, with each `${...}` resolved where the code says what it holds (a helper that returns a template,
 * a constant, the arguments every caller passes for a parameter, the values assigned to a property of that
 * name) and a wildcard where it does not (a record id, a count, the service's own message).
 *
 * A template is a string in which ANY stands for "any text"; one literal gives several templates when a
 * `${...}` can take several shapes (`a ? b : c`, several callers).
 */
export const ANY = '\u0000';

/** Past this many shapes a part becomes a wildcard (keeps the product of alternatives bounded). */
const MAX_SHAPES = 8000;
const MAX_DEPTH = 24;

const SINK_PROPERTIES = new Set(['message', 'description', 'hint', 'fix']);

type Env = Map<ts.ParameterDeclaration, { expr: ts.Expression; env: Env }>;

interface FunctionLike {
	node: ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration;
	name: string;
}

function listTsFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return listTsFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

const isFunctionLike = (node: ts.Node): node is FunctionLike['node'] =>
	ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);

/** Functions as the code calls them: declarations, `const f = () => ...`, methods and `f: () => ...`. */
function functionName(node: FunctionLike['node']): string | undefined {
	if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name && ts.isIdentifier(node.name)) return node.name.text;
	const parent = node.parent;
	if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
	return undefined;
}

/** Whether every text of `narrow` is a text of `wide` (an ANY of `narrow` only under an ANY of `wide`). */
function covers(wide: string, narrow: string): boolean {
	const memo = new Map<number, boolean>();
	const go = (i: number, j: number): boolean => {
		const key = i * (narrow.length + 1) + j;
		const known = memo.get(key);
		if (known !== undefined) return known;
		let result: boolean;
		if (i === wide.length) result = j === narrow.length;
		else if (wide[i] === ANY) result = go(i + 1, j) || (j < narrow.length && go(i, j + 1));
		else result = j < narrow.length && narrow[j] === wide[i] && go(i + 1, j + 1);
		memo.set(key, result);
		return result;
	};
	return go(0, 0);
}

/** Shapes without repeats and without those another shape covers (`"<*>..."` under `"<*>"`). */
function uniqueCapped(shapes: string[]): string[] {
	let unique = [...new Set(shapes)];
	if (unique.length > 1 && unique.length <= 200) {
		// a shape that opens with a value covers nothing: it would hide the openings that tell messages apart
		unique = unique.filter(
			(narrow, n) => !unique.some((wide, w) => w !== n && !wide.startsWith(ANY) && covers(wide, narrow) && !(covers(narrow, wide) && w > n)),
		);
	}
	return unique.length > MAX_SHAPES ? [ANY] : unique;
}

/**
 * Alternatives too many to combine (every label times every problem) stay apart: a template holds one
 * character (from Unicode's private use area) that stands for "one of GROUPS[n]".
 */
const GROUPS: string[][] = [];
const GROUP_BASE = 0xe000;
const MAX_GROUPS = 0x1000;

const groupOf = (char: string): string[] | undefined => {
	const n = char.charCodeAt(0) - GROUP_BASE;
	return n >= 0 && n < GROUPS.length ? GROUPS[n] : undefined;
};

/** Two wildcards in a row are one. */
const collapseAny = (text: string): string => {
	let out = text;
	while (out.includes(ANY + ANY)) out = out.split(ANY + ANY).join(ANY);
	return out;
};

function concat(left: string[], right: string[]): string[] {
	if (left.length * right.length > MAX_SHAPES) {
		if (GROUPS.length >= MAX_GROUPS) right = [ANY];
		else {
			GROUPS.push(right);
			right = [String.fromCharCode(GROUP_BASE + GROUPS.length - 1)];
		}
	}
	const out: string[] = [];
	for (const a of left) for (const b of right) out.push(collapseAny(`${a}${b}`));
	return [...new Set(out)];
}

export class MessageTemplates {
	private readonly functions = new Map<string, FunctionLike[]>();
	private readonly constants = new Map<string, ts.Expression[]>();
	private readonly properties = new Map<string, ts.Expression[]>();
	private readonly calls = new Map<string, ts.CallExpression[]>();
	private readonly sinks: ts.Expression[] = [];
	private readonly helperCalls: Array<{ name: string; args: ts.NodeArray<ts.Expression> }> = [];
	/** Every literal piece of text in the code (strings, and the fixed parts of templates). */
	readonly texts: string[] = [];

	/** Types of the code under `folders`: `spec.operation.name` is the `name` of objects typed as `spec.operation` is. */
	private readonly checker?: ts.TypeChecker;
	private readonly objects: ts.ObjectLiteralExpression[] = [];
	private readonly objectsByType = new Map<string, ts.ObjectLiteralExpression[]>();

	/** The code under `folders` (typed), or the given sources (file name -> TypeScript text; untyped). */
	constructor(code: string[] | Record<string, string>) {
		if (Array.isArray(code)) {
			const files = code.flatMap(listTsFiles);
			const program = ts.createProgram(files, {
				target: ts.ScriptTarget.ES2022,
				module: ts.ModuleKind.CommonJS,
				moduleResolution: ts.ModuleResolutionKind.Node10,
				strict: true,
				skipLibCheck: true,
				noEmit: true,
				types: [],
			});
			this.checker = program.getTypeChecker();
			for (const file of files) {
				const source = program.getSourceFile(file);
				if (source) this.index(source);
			}
		} else {
			for (const [file, text] of Object.entries(code)) this.index(ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true));
		}
	}

	private typeName(type: ts.Type | undefined): string | undefined {
		if (!type) return undefined;
		const symbol = type.aliasSymbol ?? type.getSymbol();
		const name = symbol?.getName();
		return name && name !== '__object' && name !== '__type' && name !== 'Object' ? name : undefined;
	}

	/** The object literals the code types as `typeName` (by their contextual type). */
	private objectsTyped(typeName: string): ts.ObjectLiteralExpression[] {
		if (this.objectsByType.size === 0 && this.checker) {
			for (const object of this.objects) {
				const name = this.typeName(this.checker.getContextualType(object));
				if (name) this.push(this.objectsByType, name, object);
			}
		}
		return this.objectsByType.get(typeName) ?? [];
	}

	private push<T>(map: Map<string, T[]>, key: string, value: T): void {
		const list = map.get(key) ?? [];
		list.push(value);
		map.set(key, list);
	}

	private index(node: ts.Node): void {
		if (isFunctionLike(node)) {
			const name = functionName(node);
			if (name) this.push(this.functions, name, { node, name });
		}
		if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
			this.push(this.constants, node.name.text, node.initializer);
		}
		if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) {
			this.push(this.properties, node.name.text, node.initializer);
		}
		if (ts.isShorthandPropertyAssignment(node)) this.push(this.properties, node.name.text, node.name);
		if (ts.isPropertyDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
			this.push(this.properties, node.name.text, node.initializer);
		}
		if (ts.isCallExpression(node)) {
			const callee = node.expression;
			const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
			if (name) this.push(this.calls, name, node);
		}
		this.collectSinks(node);
		if (ts.isObjectLiteralExpression(node)) this.objects.push(node);
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
			this.texts.push(node.text);
		}
		ts.forEachChild(node, (child) => this.index(child));
	}

	/**
	 * Where a text becomes what a user reads: the arguments of an error's constructor or of a function that
	 * makes one (`inputError`, `apiFailure`), and `message`, `description`, `hint` and `fix` properties.
	 * Parts of a message (an operation label, a row key) are not messages of their own.
	 */
	private collectSinks(node: ts.Node): void {
		const takeArgs = (args: ts.NodeArray<ts.Expression> | undefined) => {
			for (const arg of args ?? []) {
				if (ts.isObjectLiteralExpression(arg)) continue; // its message/description properties are sinks themselves
				this.sinks.push(arg);
			}
		};
		if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && /Error$/.test(node.expression.text)) takeArgs(node.arguments);
		if (ts.isCallExpression(node)) {
			const callee = node.expression;
			const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
			// the code's own error helpers (`fieldError(ctx, label, problem)`) build their message inside, where
			// it reaches an error's constructor: their arguments are parts; only an outside helper's are messages
			if (/(Error|Failure)$/.test(name)) this.helperCalls.push({ name, args: node.arguments });
		}
		const named = (n: ts.PropertyName) => (ts.isIdentifier(n) || ts.isStringLiteral(n) ? n.text : '');
		if (ts.isPropertyAssignment(node) && SINK_PROPERTIES.has(named(node.name))) this.sinks.push(node.initializer);
		if (ts.isShorthandPropertyAssignment(node) && SINK_PROPERTIES.has(node.name.text)) this.sinks.push(node.name);
	}

	/** Every template the code holds that opens with literal text and has at least `minLetters` letters of it. */
	templates(minLetters = 8): string[] {
		const outside = this.helperCalls.filter((call) => !this.functions.has(call.name));
		const sinks = [...this.sinks, ...outside.flatMap((call) => call.args.filter((arg) => !ts.isObjectLiteralExpression(arg)))];
		const all = sinks.flatMap((node) => this.resolve(node, new Map(), 0));
		// a text that opens with a value (`${x} failed`) is one whose opening the code does not say: such a
		// template would take any quote for its own, so the code must resolve how a message opens
		return [...new Set(all)].filter((t) => !t.startsWith(ANY) && t.replace(/[^A-Za-z]/g, '').length >= minLetters);
	}

	/** Shapes of expressions resolved without bindings (most of them: callers, constants, properties). */
	private readonly cache = new Map<ts.Node, string[]>();
	private readonly resolving = new Set<ts.Node>();

	private resolve(expr: ts.Expression, env: Env, depth: number): string[] {
		if (depth > MAX_DEPTH) return [ANY];
		if (env.size > 0) return this.resolveUncached(expr, env, depth);
		const known = this.cache.get(expr);
		if (known) return known;
		// a cycle (a function that calls itself, a constant built from itself) gives no literal text
		if (this.resolving.has(expr)) return [ANY];
		this.resolving.add(expr);
		const shapes = this.resolveUncached(expr, env, depth);
		this.resolving.delete(expr);
		this.cache.set(expr, shapes);
		return shapes;
	}

	private resolveUncached(expr: ts.Expression, env: Env, depth: number): string[] {
		if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr) || ts.isNumericLiteral(expr)) return [expr.text];
		if (ts.isTemplateExpression(expr)) {
			let shapes = [expr.head.text];
			for (const span of expr.templateSpans) {
				shapes = concat(concat(shapes, this.resolve(span.expression, env, depth + 1)), [span.literal.text]);
			}
			return shapes;
		}
		if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isNonNullExpression(expr)) {
			return this.resolve(expr.expression, env, depth);
		}
		if (ts.isConditionalExpression(expr)) {
			return uniqueCapped([...this.resolve(expr.whenTrue, env, depth + 1), ...this.resolve(expr.whenFalse, env, depth + 1)]);
		}
		if (ts.isBinaryExpression(expr)) {
			const op = expr.operatorToken.kind;
			// `index + 1` is arithmetic: a number the code computes
			if (op === ts.SyntaxKind.PlusToken && (ts.isNumericLiteral(expr.left) || ts.isNumericLiteral(expr.right))) return [ANY];
			if (op === ts.SyntaxKind.PlusToken) return concat(this.resolve(expr.left, env, depth + 1), this.resolve(expr.right, env, depth + 1));
			if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
				return uniqueCapped([...this.resolve(expr.left, env, depth + 1), ...this.resolve(expr.right, env, depth + 1)]);
			}
			return [ANY];
		}
		if (ts.isIdentifier(expr)) return this.resolveIdentifier(expr, env, depth);
		if (ts.isPropertyAccessExpression(expr)) return this.resolveProperty(expr, env, depth);
		if (ts.isCallExpression(expr)) return this.resolveCall(expr, env, depth);
		if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression)) return this.resolveTableEntry(expr.expression.text, depth);
		return [ANY];
	}

	/**
	 * `request.action`: when `request` is a parameter whose callers pass object literals (or a variable holding
	 * one), the `action` they give; otherwise every value the code assigns to a property `action`.
	 */
	private resolveProperty(access: ts.PropertyAccessExpression, env: Env, depth: number): string[] {
		const name = access.name.text;
		const objects = ts.isIdentifier(access.expression) ? this.objectsOf(access.expression, env) : undefined;
		if (objects && objects.length > 0) {
			const shapes: string[] = [];
			for (const { object, env: objectEnv } of objects) {
				const property = object.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
				if (!property) continue; // the caller leaves it out
				if (ts.isPropertyAssignment(property)) shapes.push(...this.resolve(property.initializer, objectEnv, depth + 1));
				else if (ts.isShorthandPropertyAssignment(property)) shapes.push(...this.resolveIdentifier(property.name, objectEnv, depth + 1));
				else shapes.push(ANY);
			}
			if (shapes.length > 0) return uniqueCapped(shapes);
		}
		const typed = this.checker ? this.typeName(this.checker.getTypeAtLocation(access.expression)) : undefined;
		if (typed) {
			const values = this.objectsTyped(typed).flatMap((object) =>
				object.properties.flatMap((p) =>
					p.name && ts.isIdentifier(p.name) && p.name.text === name
						? ts.isPropertyAssignment(p)
							? [p.initializer]
							: ts.isShorthandPropertyAssignment(p)
								? [p.name]
								: []
						: [],
				),
			);
			if (values.length > 0) return this.resolveAll(values, depth, (e) => this.asValue(e));
		}
		return this.resolveAll(this.properties.get(name), depth, (e) => this.asValue(e));
	}

	/** The object literals a parameter or variable holds, when the code says (undefined when it does not). */
	private objectsOf(id: ts.Identifier, env: Env): Array<{ object: ts.ObjectLiteralExpression; env: Env }> | undefined {
		for (let scope: ts.Node | undefined = id.parent; scope; scope = scope.parent) {
			if (!isFunctionLike(scope)) continue;
			const index = scope.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === id.text);
			if (index < 0) continue;
			const bound = env.get(scope.parameters[index]);
			const name = functionName(scope);
			const args = bound
				? [{ expr: bound.expr, env: bound.env }]
				: (name ? (this.calls.get(name) ?? []) : []).flatMap((call) => (call.arguments[index] ? [{ expr: call.arguments[index], env: new Map() as Env }] : []));
			const objects = args.filter((a) => ts.isObjectLiteralExpression(a.expr));
			return objects.length === args.length && args.length > 0 ? objects.map((a) => ({ object: a.expr as ts.ObjectLiteralExpression, env: a.env })) : undefined;
		}
		return undefined;
	}

	/** `LABELS[operation]`: any value of the constant table `LABELS`. */
	private resolveTableEntry(name: string, depth: number): string[] {
		const table = (this.constants.get(name) ?? []).map((e) => (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) ? e.expression : e));
		const objects = table.filter(ts.isObjectLiteralExpression);
		if (objects.length !== 1 || table.length !== 1) return [ANY];
		const values = objects[0].properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [p.initializer] : []));
		return this.resolveAll(values, depth, (e) => this.asValue(e));
	}

	/** A property's value as a text: an arrow function stored in a property is no text (its call is). */
	private asValue(expr: ts.Expression): boolean {
		return !isFunctionLike(expr);
	}

	private resolveAll(exprs: ts.Expression[] | undefined, depth: number, keep: (e: ts.Expression) => boolean = () => true): string[] {
		const candidates = (exprs ?? []).filter(keep);
		if (candidates.length === 0) return [ANY];
		return uniqueCapped(candidates.flatMap((e) => this.resolve(e, new Map(), depth + 1)));
	}

	private resolveIdentifier(id: ts.Identifier, env: Env, depth: number): string[] {
		const name = id.text;
		for (let scope: ts.Node | undefined = id.parent; scope; scope = scope.parent) {
			if (isFunctionLike(scope)) {
				const index = scope.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name);
				if (index >= 0) return this.resolveParameter(scope, index, env, depth);
			}
			if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
				for (const statement of scope.statements) {
					if (!ts.isVariableStatement(statement)) continue;
					const declaration = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
					if (declaration?.initializer) return this.resolve(declaration.initializer, env, depth + 1);
				}
			}
		}
		// imported: a constant of that name elsewhere in the code
		return this.resolveAll(this.constants.get(name), depth, (e) => this.asValue(e));
	}

	private resolveParameter(fn: FunctionLike['node'], index: number, env: Env, depth: number): string[] {
		const bound = env.get(fn.parameters[index]);
		if (bound) return this.resolve(bound.expr, bound.env, depth + 1);
		const name = functionName(fn);
		const callers = name ? (this.calls.get(name) ?? []) : [];
		const args = callers.map((call) => call.arguments[index]).filter((a): a is ts.Expression => a !== undefined);
		if (args.length === 0) return [ANY];
		return uniqueCapped(args.flatMap((arg) => this.resolve(arg, new Map(), depth + 1)));
	}

	private resolveCall(call: ts.CallExpression, env: Env, depth: number): string[] {
		const callee = call.expression;
		const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
		const targets = name ? (this.functions.get(name) ?? []) : [];
		if (targets.length === 0) return [ANY];
		const shapes: string[] = [];
		for (const { node } of targets) {
			const bindings: Env = new Map(env);
			node.parameters.forEach((parameter, i) => {
				if (call.arguments[i]) bindings.set(parameter, { expr: call.arguments[i], env });
			});
			const returned = returnedExpressions(node);
			if (returned.length === 0) return [ANY];
			for (const expr of returned) shapes.push(...this.resolve(expr, bindings, depth + 1));
		}
		return uniqueCapped(shapes);
	}
}

function returnedExpressions(fn: FunctionLike['node']): ts.Expression[] {
	if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return [fn.body];
	const out: ts.Expression[] = [];
	const visit = (node: ts.Node): void => {
		if (node !== fn && isFunctionLike(node)) return;
		if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
		ts.forEachChild(node, visit);
	};
	if (fn.body) visit(fn.body);
	return out;
}

/** Pairs of words (`failed: no`) of the template's literal text after position `j`. */
function laterWordPairs(template: string, j: number): string[] {
	const pairs: string[] = [];
	for (const run of template.slice(j + 1).split(ANY)) {
		const words = run.split(/\s+/).filter(Boolean);
		for (let w = 0; w + 1 < words.length; w++) pairs.push(`${words[w]} ${words[w + 1]}`);
	}
	return pairs;
}

/**
 * Whether a quote (ANY where it leaves text out) and a template (ANY where the code inserts a value) can be the
 * same text: the intersection of two patterns whose only wildcard is "any text", except that a value never
 * runs on over the words the template puts after it: it ends where the text that follows it starts (its
 * first 3 characters), and it holds no pair of words the template has later. Without that, a value could
 * swallow a mis-quoted passage and a `...` of the quote the template's real words.
 */
export function canMatch(quote: string, template: string, from = 0): boolean {
	const memo = new Map<number, boolean>();
	const width = template.length + 1;
	const pairsAt = new Map<number, string[]>();
	const followsHere = (i: number, j: number): boolean => {
		const end = template.indexOf(ANY, j + 1);
		const next = template.slice(j + 1, end < 0 ? undefined : end).slice(0, 3);
		return next.length > 0 && quote.startsWith(next, i);
	};
	/** A value at template position j, starting at quote position i: where it can end (before a quote ANY at the latest). */
	const valueEnds = (i: number, j: number): number[] => {
		let pairs = pairsAt.get(j);
		if (!pairs) pairsAt.set(j, (pairs = laterWordPairs(template, j)));
		const ends = [i];
		for (let k = i; k < quote.length && quote[k] !== ANY; k++) {
			if (k > i && followsHere(k, j)) break;
			const value = quote.slice(i, k + 1);
			if (pairs.some((pair) => value.includes(pair))) break;
			if (followsHere(k, j) && k === i) break;
			ends.push(k + 1);
		}
		return ends;
	};
	const go = (i: number, j: number): boolean => {
		const key = i * width + j;
		const known = memo.get(key);
		if (known !== undefined) return known;
		let result = false;
		const group = j < template.length ? groupOf(template[j]) : undefined;
		if (group) {
			const rest = template.slice(j + 1);
			result = group.some((alternative) => canMatch(quote, `${alternative}${rest}`, i));
		} else if (i === quote.length && j === template.length) result = true;
		else if (i < quote.length && quote[i] === ANY) result = go(i + 1, j) || (j < template.length && go(i, j + 1));
		else if (j < template.length && template[j] === ANY) {
			for (const k of valueEnds(i, j)) {
				// the value ends at k, or runs into the quote's `...` (which may stand for the rest of it)
				if (go(k, j + 1) || (k < quote.length && quote[k] === ANY && go(k + 1, j))) {
					result = true;
					break;
				}
			}
		} else result = i < quote.length && j < template.length && quote[i] === template[j] && go(i + 1, j + 1);
		memo.set(key, result);
		return result;
	};
	return go(from, 0);
}
