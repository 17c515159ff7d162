/**
 * An OpenAI-compatible chat model on loopback for tests: `POST /v1/chat/completions` (what n8n's OpenAI Chat
 * Model node calls with "Use Responses API" off) and `GET /v1/models`. Each reply comes from a script that reads
 * the request (the tools offered, the conversation so far); every request is kept for the test to inspect.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool' | 'developer';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: ToolCall[];
	tool_call_id?: string;
}

export interface ToolSpec {
	type: 'function';
	function: { name: string; description?: string; parameters?: { properties?: Record<string, { type?: string; description?: string }>; required?: string[] } };
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ToolSpec[];
	stream?: boolean;
}

/** What the model says next: call tools, or answer. */
export type ChatReply = { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> } | { answer: string };

export type ChatScript = (request: ChatRequest) => ChatReply;

export interface ChatStub {
	/** Base URL as OpenAI clients take it, ending in /v1. */
	baseUrl: string;
	requests: ChatRequest[];
	/** Script failures (answered as HTTP 400 so the agent run fails with the reason). */
	errors: string[];
	close(): Promise<void>;
}

/** The text of a message, whichever content shape the client used. */
export function messageText(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	return (message.content ?? []).map((part) => part.text ?? '').join('');
}

function completion(request: ChatRequest, reply: ChatReply, callNumber: number) {
	const message =
		'answer' in reply
			? { role: 'assistant', content: reply.answer }
			: {
					role: 'assistant',
					content: null,
					tool_calls: reply.toolCalls.map((call, index) => ({
						id: `call_${callNumber}_${index}`,
						type: 'function',
						function: { name: call.name, arguments: JSON.stringify(call.arguments) },
					})),
				};
	return {
		id: `chatcmpl-stub-${callNumber}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: request.model,
		choices: [{ index: 0, message, logprobs: null, finish_reason: 'answer' in reply ? 'stop' : 'tool_calls' }],
		usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
	};
}

function send(response: ServerResponse, status: number, body: unknown): void {
	response.writeHead(status, { 'content-type': 'application/json' });
	response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

export async function startChatStub(script: ChatScript, model = 'gpt-4.1-mini'): Promise<ChatStub> {
	const requests: ChatRequest[] = [];
	const errors: string[] = [];
	const server: Server = createServer((request, response) => {
		void (async () => {
			if (request.method === 'GET' && request.url === '/v1/models') {
				send(response, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'stub' }] });
				return;
			}
			if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
				send(response, 404, { error: { message: `The stub serves only POST /v1/chat/completions, got ${request.method} ${request.url}` } });
				return;
			}
			const body = JSON.parse(await readBody(request)) as ChatRequest;
			requests.push(body);
			try {
				if (body.stream) throw new Error('streaming was requested; the stub answers only non-streaming requests');
				send(response, 200, completion(body, script(body), requests.length));
			} catch (error) {
				const message = error instanceof Error ? error.message : String(error);
				errors.push(message);
				send(response, 400, { error: { message: `chat stub: ${message}`, type: 'invalid_request_error' } });
			}
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		errors,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
