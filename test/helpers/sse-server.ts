import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 (random port) for tests that go
 * through a real provider (`compat:<model>` with `--base-url <url>`), in-process or via the CLI.
 *
 *   const server = await startSseServer([textReply("Hello!"), toolCallReply({...}), errorReply(500)]);
 *   // model spec "compat:test-model", base URL server.url  (ends in /v1)
 *   ...; server.requests[0].body.messages  // what the client sent
 *   await server.close();
 *
 * `handler` is either a list of scripts (request n gets scripts[n]; later requests get a 500) or a
 * function of (request body, request index), which may answer later (a promise: a test holds one
 * request until another has come). A script is streamed chunks (`data: {...}\n\n` …
 * `data: [DONE]`) or an HTTP error status. `hold: true` keeps the response open after the chunks
 * (never sends [DONE]) so tests can exercise abort/SIGINT; a non-streaming request with a held
 * script gets its headers and no body. Held responses end when the client disconnects or at close().
 */
export type Script =
	| { type: "chunks"; chunks: object[]; hold?: boolean }
	/** Accept the request and never answer: no status line, no headers (ends at close()). */
	| { type: "hang" }
	| { type: "error"; status: number; message?: string };

/** One request the server received. */
export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: any };

/** A running fake server. */
export type SseServer = { url: string; requests: RecordedRequest[]; close: () => Promise<void> };

/** Start the server; see the module comment. */
export async function startSseServer(
	handler: Script[] | ((body: any, index: number) => Script | Promise<Script>),
): Promise<SseServer> {
	const requests: RecordedRequest[] = [];
	const open = new Set<http.ServerResponse>();
	const pick = (body: any, index: number): Script | Promise<Script> =>
		typeof handler === "function"
			? handler(body, index)
			: (handler[index] ?? { type: "error", status: 500, message: `no script for request #${index + 1}` });
	const server = http.createServer((req, res) => {
		const parts: Buffer[] = [];
		req.on("data", (chunk: Buffer) => parts.push(chunk));
		req.on("end", () => {
			const text = Buffer.concat(parts).toString("utf8");
			let body: any;
			try {
				body = text ? JSON.parse(text) : undefined;
			} catch (error) {
				body = { unparsed: text, error: String(error) };
			}
			requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
			void Promise.resolve(pick(body, requests.length - 1)).then((script) => {
				if (script.type === "chunks" && body?.stream !== true) respondWhole(res, script, open);
				else respond(res, script, open);
			});
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		close: async () => {
			for (const res of open) res.destroy();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

function respond(res: http.ServerResponse, script: Script, open: Set<http.ServerResponse>): void {
	if (script.type === "hang") {
		open.add(res);
		res.on("close", () => open.delete(res));
		return;
	}
	if (script.type === "error") {
		res.writeHead(script.status, { "content-type": "application/json" });
		res.end(JSON.stringify({ error: { message: script.message ?? `status ${script.status}`, type: "server_error" } }));
		return;
	}
	res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
	for (const chunk of script.chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
	if (script.hold) {
		open.add(res);
		res.on("close", () => open.delete(res));
		return;
	}
	res.end("data: [DONE]\n\n");
}

/**
 * A non-streaming request (generateText) gets the same script folded into one chat.completion:
 * content and tool-call arguments concatenated, the last finish reason and usage.
 */
function respondWhole(res: http.ServerResponse, script: Extract<Script, { type: "chunks" }>, open: Set<http.ServerResponse>): void {
	if (script.hold) {
		// The client waits for a body that never comes, until it aborts (or the server closes).
		res.writeHead(200, { "content-type": "application/json" });
		res.flushHeaders();
		open.add(res);
		res.on("close", () => open.delete(res));
		return;
	}
	let content = "";
	let finish: string | null = null;
	let usage: unknown;
	const calls: { id: string; type: "function"; function: { name: string; arguments: string } }[] = [];
	for (const raw of script.chunks as any[]) {
		if (raw.usage) usage = raw.usage;
		for (const choice of raw.choices ?? []) {
			if (choice.delta?.content) content += choice.delta.content;
			for (const call of choice.delta?.tool_calls ?? []) {
				calls[call.index] ??= { id: call.id, type: "function", function: { name: call.function?.name ?? "", arguments: "" } };
				calls[call.index]!.function.arguments += call.function?.arguments ?? "";
			}
			if (choice.finish_reason) finish = choice.finish_reason;
		}
	}
	const message = { role: "assistant", content: content || null, ...(calls.length ? { tool_calls: calls } : {}) };
	res.writeHead(200, { "content-type": "application/json" });
	res.end(JSON.stringify({ ...base, object: "chat.completion", choices: [{ index: 0, message, finish_reason: finish ?? "stop" }], usage }));
}

const base = { id: "chatcmpl-test", object: "chat.completion.chunk", created: 1_700_000_000, model: "test-model" };

function chunk(delta: object, finishReason: string | null = null): object {
	return { ...base, choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

function usageChunk(prompt: number, completion: number): object {
	return { ...base, choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } };
}

/** A streamed text answer; a string is split into single-word deltas. */
export function textReply(
	text: string | string[],
	opts: { usage?: { prompt: number; completion: number }; hold?: boolean } = {},
): Script {
	const deltas = typeof text === "string" ? (text.match(/\S+\s*|\s+/g) ?? []) : text;
	const usage = opts.usage ?? { prompt: 12, completion: deltas.length };
	const chunks = [chunk({ role: "assistant", content: "" }), ...deltas.map((d) => chunk({ content: d }))];
	// A held reply stops mid-answer: no finish reason, no usage.
	if (opts.hold) return { type: "chunks", chunks, hold: true };
	return { type: "chunks", chunks: [...chunks, chunk({}, "stop"), usageChunk(usage.prompt, usage.completion)] };
}

/** A streamed reply with optional text and one or more tool calls (OpenAI `tool_calls` deltas). */
export function toolCallReply(
	calls: { id: string; name: string; args: object }[],
	opts: { text?: string; usage?: { prompt: number; completion: number } } = {},
): Script {
	const chunks: object[] = [chunk({ role: "assistant", content: opts.text ?? null })];
	calls.forEach((call, index) => {
		const json = JSON.stringify(call.args);
		const half = Math.floor(json.length / 2);
		chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }));
		// Arguments arrive in pieces, as real servers send them.
		chunks.push(chunk({ tool_calls: [{ index, function: { arguments: json.slice(0, half) } }] }));
		chunks.push(chunk({ tool_calls: [{ index, function: { arguments: json.slice(half) } }] }));
	});
	const usage = opts.usage ?? { prompt: 20, completion: 10 };
	chunks.push(chunk({}, "tool_calls"), usageChunk(usage.prompt, usage.completion));
	return { type: "chunks", chunks };
}

/** An HTTP error response with an OpenAI-style error body. */
export function errorReply(status: number, message?: string): Script {
	return { type: "error", status, message };
}
