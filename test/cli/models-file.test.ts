import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliProject } from "../helpers/cli-project.js";
import { entries, sessionFiles } from "../helpers/print-run.js";
import { errorReply, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useCliProject();

/** A models.json declaring the test server as provider `local` with one priced model of a 200k window. */
function declare(home: string, url: string, extra: object = {}): void {
	mkdirSync(home, { recursive: true });
	const models = { providers: { local: { baseUrl: url, api: "openai-completions", apiKey: "LOCAL_KEY", models: [{ id: "m1", name: "Model One", contextWindow: 200_000, cost: { input: 1, output: 2 }, ...extra }] } } };
	writeFileSync(join(home, "models.json"), JSON.stringify(models, null, 2));
}

describe("models.json through the built CLI and a local provider", () => {
	it("-m local:m1 uses the declared server and key; the reply's cost is stored and reported", async () => {
		const server = await fx.serve([textReply("hi", { usage: { prompt: 1_000, completion: 500 } })]);
		const { home } = fx;
		declare(home, server.url);
		const run = await fx.cli(["-p", "-m", "local:m1", "--output-format", "json", "hello"], { env: { LOCAL_KEY: "sekrit" } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(server.requests[0]!.headers.authorization).toBe("Bearer sekrit");
		const result = JSON.parse(run.stdout);
		// $1/M input, $2/M output: 1,000 in + 500 out = $0.002.
		expect(result.usage.cost.total).toBeCloseTo(0.002, 10);
		const [file] = sessionFiles(home);
		const reply = entries(file!).find((e) => e.type === "message" && e.message.role === "assistant");
		expect(reply.message.usage.cost).toEqual({ input: 0.001, output: 0.001, cacheRead: 0, cacheWrite: 0, total: 0.002 });
		const listed = JSON.parse((await fx.cli(["sessions", "--json"])).stdout);
		expect(listed[0].cost).toBeCloseTo(0.002, 10);
	});

	it("a declared window compacts a local model's context before the turn that would not fit", async () => {
		const server = await fx.serve([
			textReply("old answer", { usage: { prompt: 25_000, completion: 100 } }),
			textReply("new answer", { usage: { prompt: 190_000, completion: 100 } }),
			textReply("## Goal\nThe summary of it all."),
			textReply("third answer"),
		]);
		const { home } = fx;
		declare(home, server.url);
		const env = { LOCAL_KEY: "k" };
		// Two long turns (about 25k and 22k tokens of text), the second reported at 190k prompt tokens.
		expect((await fx.cli(["-p", "-m", "local:m1", "old ".repeat(25_000)], { env })).code).toBe(0);
		const second = await fx.cli(["-p", "-c", "-m", "local:m1", "new ".repeat(22_500)], { env });
		expect(second.stderr).toBe("");
		const third = await fx.cli(["-p", "-c", "-m", "local:m1", "third"], { env });
		expect(third.code).toBe(0);
		expect(third.stdout).toBe("third answer\n");
		expect(third.stderr).toMatch(/^arbor: compacted the context \(\d+ tokens before\)\n$/);
		expect(server.requests).toHaveLength(4);
		const sent = JSON.stringify(server.requests[3]!.body.messages);
		expect(sent).toContain("The summary of it all.");
		expect(sent).not.toContain("old answer");
		const [file] = sessionFiles(home);
		expect(entries(file!).some((e) => e.type === "compaction")).toBe(true);
	});

	it("without a declared window the same reply does not compact (the window is unknown)", async () => {
		const server = await fx.serve([textReply("first answer", { usage: { prompt: 190_000, completion: 100 } }), textReply("second answer")]);
		const flags = ["-m", "compat:m1", "--base-url", server.url];
		expect((await fx.cli(["-p", ...flags, "first"])).code).toBe(0);
		const second = await fx.cli(["-p", "-c", ...flags, "second"]);
		expect(second.stderr).toBe("");
		expect(server.requests).toHaveLength(2);
	});

	it("a window arbor does not know: the server's 'context too long' refusal compacts and sends the turn again (llama.cpp's message)", async () => {
		const refusal = "the request exceeds the available context size, try increasing it";
		const server = await fx.serve([
			textReply("old answer"),
			textReply("new answer"),
			errorReply(400, refusal),
			textReply("## Goal\nThe summary of it all."),
			textReply("third answer"),
		]);
		const { home } = fx;
		const flags = ["-m", "compat:m1", "--base-url", server.url];
		// Two long turns (about 25k and 22k tokens): the first is older than what compaction keeps verbatim.
		expect((await fx.cli(["-p", ...flags, "old ".repeat(25_000)])).code).toBe(0);
		expect((await fx.cli(["-p", "-c", ...flags, "new ".repeat(22_500)])).code).toBe(0);
		const third = await fx.cli(["-p", "-c", ...flags, "--output-format", "json", "third"]);
		expect(third.code, third.stderr).toBe(0);
		expect(third.stderr).toMatch(/^arbor: the context was longer than the model's window: compacted \(\d+ tokens before\), sending again\n$/);
		expect(JSON.parse(third.stdout)).toMatchObject({ text: "third answer", exitCode: 0 });
		expect(server.requests).toHaveLength(5);
		const sent = JSON.stringify(server.requests[4]!.body.messages);
		expect(sent).toContain("The summary of it all.");
		expect(sent).toContain("third");
		expect(sent).not.toContain("old old old");
		// The refused request left no entry: the user message, the compaction, the answer.
		const [file] = sessionFiles(home);
		const tail = entries(file!).slice(-3).map((e) => (e.type === "message" ? `${e.message.role}${e.message.stopReason ? `:${e.message.stopReason}` : ""}` : e.type));
		expect(tail).toEqual(["message:user", "compaction", "message:assistant:stop"].map((t) => t.replace("message:", "")));
	});

	it("a small window (a few thousand tokens, far under what compaction keeps verbatim): a quarter of the context is kept, the rest summarized", async () => {
		// The server refuses a streamed chat request over 6 KB, as a small local model would; summaries are answered.
		const refusal = "the request exceeds the available context size, try increasing it";
		let chats = 0;
		const server = await fx.serve((body: { stream?: boolean }) => {
			if (body?.stream !== true) return textReply("## Goal\nShort summary.");
			chats += 1;
			return JSON.stringify(body).length > 6_000 ? errorReply(400, refusal) : textReply(`answer ${chats}`);
		});
		const { home } = fx;
		const flags = ["-m", "compat:m1", "--base-url", server.url];
		for (let turn = 1; turn <= 4; turn++) {
			const run = await fx.cli(["-p", ...(turn > 1 ? ["-c"] : []), ...flags, `turn ${turn} ${"words ".repeat(250)}`]);
			expect(run.code, `turn ${turn}: ${run.stderr}`).toBe(0);
		}
		const [file] = sessionFiles(home);
		const all = entries(file!);
		// Every turn past the window compacted and was answered; none failed.
		expect(all.filter((e) => e.type === "compaction").length).toBeGreaterThan(0);
		expect(all.some((e) => e.type === "message" && e.message.stopReason === "error")).toBe(false);
		expect(all.filter((e) => e.type === "message" && e.message.role === "assistant")).toHaveLength(4);
	});

	it("settings autoCompaction false: no compaction before the turn or on the refusal; the refusal is the turn's error", async () => {
		const refusal = "the request exceeds the available context size, try increasing it";
		const server = await fx.serve([textReply("old answer"), errorReply(400, refusal)]);
		const { home } = fx;
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "settings.json"), JSON.stringify({ autoCompaction: false }));
		// A declared small window: without the setting, the second turn would compact first.
		writeFileSync(join(home, "models.json"), JSON.stringify({ providers: { compat: { models: [{ id: "m1", contextWindow: 20_000 }] } } }));
		const flags = ["-m", "compat:m1", "--base-url", server.url];
		expect((await fx.cli(["-p", ...flags, "old ".repeat(25_000)])).code).toBe(0);
		const second = await fx.cli(["-p", "-c", ...flags, "second"]);
		expect(second.code).toBe(1);
		expect(second.stderr).toContain("exceeds the available context size");
		expect(second.stderr).toContain('automatic compaction is off (settings "autoCompaction": false)');
		expect(server.requests).toHaveLength(2);
		const [file] = sessionFiles(home);
		expect(entries(file!).some((e) => e.type === "compaction")).toBe(false);
	});

	it("a refusal that compaction cannot help (nothing older to compact) is the turn's error, exit 1, said once", async () => {
		const refusal = "This model's maximum context length is 4096 tokens. However, your messages resulted in 9000 tokens.";
		const server = await fx.serve([errorReply(400, refusal)]);
		const run = await fx.cli(["-p", "-m", "compat:m1", "--base-url", server.url, "hello"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("maximum context length is 4096 tokens");
		expect(server.requests).toHaveLength(1);
	});

	it("settings compactionReserve moves the threshold", async () => {
		const replies = () => [
			textReply("old answer", { usage: { prompt: 25_000, completion: 100 } }),
			textReply("new answer", { usage: { prompt: 150_000, completion: 100 } }),
			textReply("## Goal\nshort"),
			textReply("third"),
		];
		const thirdStderr = async (settings: object) => {
			const server = await fx.serve(replies());
			const dir = fx.fresh();
			declare(dir.home, server.url);
			writeFileSync(join(dir.home, "settings.json"), JSON.stringify(settings));
			const env = { LOCAL_KEY: "k" };
			await fx.cli(["-p", "-m", "local:m1", "old ".repeat(25_000)], { env });
			await fx.cli(["-p", "-c", "-m", "local:m1", "new ".repeat(22_500)], { env });
			const third = await fx.cli(["-p", "-c", "-m", "local:m1", "third"], { env });
			return third.stderr;
		};
		// 150k of a 200k window: under the default reserve (16,384), over a reserve of 60,000.
		expect(await thirdStderr({})).toBe("");
		expect(await thirdStderr({ compactionReserve: 60_000 })).toContain("arbor: compacted the context");
	});

	it("read of a picture: a chat-completions model that takes images gets it in a user message after the tool's; one not known to take images, a line instead", async () => {
		const png = Buffer.from("89504e470d0a1a0a0000000d494844520000000200000003080200000000", "hex");
		for (const takes of [true, false]) {
			const server = await fx.serve([toolCallReply([{ id: "r1", name: "read", args: { path: "shot.png" } }]), textReply("A red square.")]);
			const { cwd, home } = fx.fresh();
			declare(home, server.url, takes ? { input: ["text", "image"] } : { input: ["text"] });
			writeFileSync(join(cwd, "shot.png"), png);
			const run = await fx.cli(["-p", "-m", "local:m1", "--tools", "read", "what is in shot.png?"], { env: { LOCAL_KEY: "k" } });
			expect(run.code, run.stderr).toBe(0);
			const messages = server.requests[1]!.body.messages as { role: string; content: unknown }[];
			const tool = messages.find((m) => m.role === "tool");
			if (takes) {
				expect(tool?.content).toBe("[image: shot.png 2×3, 30 B]\n[the image in the next message]");
				const after = messages[messages.indexOf(tool!) + 1];
				expect(JSON.stringify(after)).toContain(`data:image/png;base64,${png.toString("base64")}`);
			} else {
				expect(tool?.content).toBe("[image: shot.png 2×3, 30 B]\n[an image not sent: this model is not known to take images]");
				expect(JSON.stringify(messages)).not.toContain(png.toString("base64"));
			}
			// The session keeps the image as pi does, whatever the model took.
			const [file] = sessionFiles(home);
			const result = entries(file!).find((e) => e.type === "message" && e.message.role === "toolResult");
			expect(result.message.content).toEqual([{ type: "text", text: "[image: shot.png 2×3, 30 B]" }, { type: "image", data: png.toString("base64"), mimeType: "image/png" }]);
		}
	});

	it("a broken models.json is exit 2 naming file, line and field; arbor models lists what it declares", async () => {
		const { home } = fx;
		declare(home, "http://127.0.0.1:9/v1", { contextWindow: -5 });
		const bad = await fx.cli(["-p", "-m", "local:m1", "hi"]);
		expect(bad.code).toBe(2);
		const line = readFileSync(join(home, "models.json"), "utf8").split("\n").findIndex((l) => l.includes('"contextWindow": -5')) + 1;
		expect(line).toBeGreaterThan(1);
		expect(bad.stderr).toBe(`arbor: ${join(home, "models.json")}:${line}: providers.local.models[0].contextWindow must be a positive whole number of tokens\n`);
		declare(home, "http://127.0.0.1:9/v1");
		const text = await fx.cli(["models"]);
		expect(text.code).toBe(0);
		expect(text.stdout).toMatch(/^local:m1 +Model One +200k +\? +no +text +1\/2 +models\.json$/m);
		expect(text.stdout).toMatch(/^anthropic:claude-sonnet-4-5 +Claude Sonnet 4\.5 +200k +64k +yes +text,image +3\/15 +built-in$/m);
		const json = JSON.parse((await fx.cli(["models", "--json"])).stdout);
		const local = json.providers.find((p: { name: string }) => p.name === "local");
		expect(local).toMatchObject({ api: "openai-completions", apiKeyEnv: "LOCAL_KEY", source: "models.json", models: [{ spec: "local:m1", contextWindow: 200_000 }] });
		const refused = await fx.cli(["models", "--session-dir", "x"]);
		expect(refused.code).toBe(2);
	});
});
