// A tiny OpenAI-compatible chat-completions server for benchmarks: it answers at once with a short
// streamed reply (SSE), so the time measured is arbor's, not a model's.
import { createServer } from "node:http";

export function startBenchServer(reply = "pong") {
	const server = createServer((req, res) => {
		let body = "";
		req.on("data", (d) => (body += d));
		req.on("end", () => {
			const usage = { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 };
			if (!JSON.parse(body || "{}").stream) {
				res.writeHead(200, { "content-type": "application/json" });
				const message = { role: "assistant", content: reply };
				res.end(JSON.stringify({ id: "bench", object: "chat.completion", created: 0, model: "bench", choices: [{ index: 0, message, finish_reason: "stop" }], usage }));
				return;
			}
			res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
			const base = { id: "bench", object: "chat.completion.chunk", created: 0, model: "bench" };
			const chunk = (delta, finish = null) =>
				`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
			res.write(chunk({ role: "assistant", content: reply }));
			res.write(chunk({}, "stop"));
			res.write(
				`data: ${JSON.stringify({ ...base, choices: [], usage })}\n\n`,
			);
			res.end("data: [DONE]\n\n");
		});
	});
	return new Promise((resolve) => {
		server.listen(0, "127.0.0.1", () => {
			const { port } = server.address();
			resolve({ url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((r) => server.close(r)) });
		});
	});
}
