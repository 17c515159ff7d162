/**
 * The scripted model of the AI-agent test: what a capable LLM would do with the prompt of example 6, decided
 * only from what n8n sends it. It picks each tool by its description (not by node name), fills the parameters
 * the tool declares (refusing when an expected one is missing), and takes every ID and the total from the tool
 * results in the conversation, so the answer can only be right when the tools really ran.
 */
import { messageText, type ChatMessage, type ChatReply, type ChatRequest, type ToolSpec } from './chat-completions-stub';

export const AGENT_CLIENT = { name: 'Acme Ltd', email: 'billing@acme.example' };
export const AGENT_INVOICE = { number: 'INV-AI-1', items: [{ description: 'Consulting', quantity: 2, rate: 150 }], taxRate: 10 };

function findTool(request: ChatRequest, pattern: RegExp, needs: string[]): ToolSpec {
	const tool = (request.tools ?? []).find((t) => pattern.test(t.function.description ?? ''));
	const offered = (request.tools ?? []).map((t) => `${t.function.name}: ${t.function.description ?? ''}`).join(' | ');
	if (!tool) throw new Error(`no tool whose description matches ${pattern}; offered: ${offered || 'none'}`);
	const properties = Object.keys(tool.function.parameters?.properties ?? {});
	const missing = needs.filter((key) => !properties.includes(key));
	if (missing.length > 0) throw new Error(`tool ${tool.function.name} lacks the parameters ${missing.join(', ')} (it has ${properties.join(', ')})`);
	return tool;
}

/** The first value of `key` anywhere in a parsed tool result (n8n wraps node output in arrays and objects). */
export function findField(value: unknown, key: string): unknown {
	if (Array.isArray(value)) {
		for (const entry of value) {
			const found = findField(entry, key);
			if (found !== undefined) return found;
		}
		return undefined;
	}
	if (value !== null && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		if (key in record) return record[key];
		for (const entry of Object.values(record)) {
			const found = findField(entry, key);
			if (found !== undefined) return found;
		}
		return undefined;
	}
	if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
		try {
			return findField(JSON.parse(value), key);
		} catch {
			return undefined;
		}
	}
	return undefined;
}

/** The result of the last tool call, parsed (the agent sends node output as JSON text). */
function lastToolResult(messages: ChatMessage[]): unknown {
	const result = [...messages].reverse().find((m) => m.role === 'tool');
	if (!result) throw new Error('no tool result in the conversation');
	const text = messageText(result);
	try {
		return JSON.parse(text);
	} catch {
		throw new Error(`the tool result is not JSON: ${text.slice(0, 300)}`);
	}
}

function required(result: unknown, key: string, step: string): string | number {
	const value = findField(result, key);
	if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`${step}: no "${key}" in the tool result ${JSON.stringify(result).slice(0, 400)}`);
	return value;
}

export function invoicingAgentScript(request: ChatRequest): ChatReply {
	const toolResults = request.messages.filter((m) => m.role === 'tool').length;
	if (toolResults === 0) {
		const tool = findTool(request, /^create an? client/i, ['client_name', 'client_email']);
		return { toolCalls: [{ name: tool.function.name, arguments: { client_name: AGENT_CLIENT.name, client_email: AGENT_CLIENT.email } }] };
	}
	const result = lastToolResult(request.messages);
	if (toolResults === 1) {
		const clientId = required(result, 'id', 'after Create Client');
		const tool = findTool(request, /^create an? invoice/i, ['client_id', 'invoice_number', 'line_items', 'tax_rate_percent']);
		const args = { client_id: String(clientId), invoice_number: AGENT_INVOICE.number, line_items: AGENT_INVOICE.items, tax_rate_percent: AGENT_INVOICE.taxRate };
		return { toolCalls: [{ name: tool.function.name, arguments: args }] };
	}
	if (toolResults === 2) {
		const invoiceId = required(result, 'id', 'after Create Invoice');
		const tool = findTool(request, /^get an? invoice/i, ['invoice_id']);
		return { toolCalls: [{ name: tool.function.name, arguments: { invoice_id: String(invoiceId) } }] };
	}
	const total = required(result, 'total', 'after Get Invoice');
	const currency = findField(result, 'currency');
	const number = required(result, 'invoice_no', 'after Get Invoice');
	return { answer: `Done: client ${AGENT_CLIENT.name} created and invoice ${number} issued. Its total is ${total} ${typeof currency === 'string' ? currency : ''}`.trim() + '.' };
}
