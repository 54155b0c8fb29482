import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, type Script } from "../helpers/sse-server.js";

const fx = useCliProject();

const base = { id: "chatcmpl-think", object: "chat.completion.chunk", created: 1_700_000_000, model: "m1" };
const chunk = (delta: object, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });

/** A reply that streams `reasoning_content` deltas (as Ollama, vLLM and DeepSeek do), then its answer. */
function reasoningReply(thinking: string[], answer: string): Script {
	return {
		type: "chunks",
		chunks: [
			chunk({ role: "assistant", content: "" }),
			...thinking.map((t) => chunk({ reasoning_content: t })),
			chunk({ content: answer }),
			chunk({}, "stop"),
			{ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
		],
	};
}

function declare(home: string, url: string): void {
	mkdirSync(home, { recursive: true });
	const model = (id: string) => ({ id, contextWindow: 32_768, reasoning: true });
	writeFileSync(join(home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: url, models: [model("m1"), model("m2")] } } }));
}

describe("thinking levels through the built CLI and a local OpenAI-compatible server", () => {
	it("--thinking high asks for reasoning_effort, stores the level and the reasoning as pi does, and -c keeps it", async () => {
		const server = await fx.serve([reasoningReply(["Let me ", "think."], "Answer one."), textReply("Answer two."), textReply("Answer three.")]);
		const { cwd, home } = fx;
		declare(home, server.url);
		const env = { ARBOR_HOME: home };
		const first = await runCli(["-p", "-m", "local:m1", "--thinking", "high", "q1"], { cwd, env });
		expect(first.stderr).toBe("");
		expect(first.stdout).toBe("Answer one.\n");
		expect(server.requests[0]!.body.reasoning_effort).toBe("high");
		const [file] = sessionFiles(home);
		const lines = entries(file!).slice(1);
		expect(lines.map((e) => (e.type === "message" ? e.message.role : e.type))).toEqual(["thinking_level_change", "user", "custom", "assistant"]);
		expect(lines[0]).toMatchObject({ thinkingLevel: "high" });
		expect(lines[3].message.content).toEqual([{ type: "thinking", thinking: "Let me think." }, { type: "text", text: "Answer one." }]);

		// The level travels with the path: -c asks for it again without a new entry.
		const second = await runCli(["-p", "-c", "-m", "local:m1", "q2"], { cwd, env });
		expect(second.code).toBe(0);
		expect(server.requests[1]!.body.reasoning_effort).toBe("high");
		// Another model for one run (-m) and thinking off: a thinking_level_change; the reply names its model.
		const third = await runCli(["-p", "-c", "-m", "local:m2", "--thinking", "off", "q3"], { cwd, env });
		expect(third.code).toBe(0);
		expect(server.requests[2]!.body.reasoning_effort).toBeUndefined();
		const types = entries(file!).slice(1).map((e) => (e.type === "message" ? e.message.role : e.type));
		// "custom": the files as the first prompt was sent (checkpoints), beside the prompt.
		expect(types).toEqual(["thinking_level_change", "user", "custom", "assistant", "user", "assistant", "thinking_level_change", "user", "assistant"]);
		const context = JSON.parse((await runCli(["context", "-c", "--json"], { cwd, env })).stdout);
		expect(context.model).toEqual({ provider: "local", modelId: "m2" });
		expect(context.thinkingLevel).toBe("off");
	});

	it("-m model:level is pi's shorthand for --thinking level (--thinking wins); a model id alone and provider/model work too", async () => {
		const server = await fx.serve([textReply("one"), textReply("two")]);
		const { cwd, home } = fx;
		declare(home, server.url);
		const env = { ARBOR_HOME: home };
		const short = await runCli(["-p", "-m", "local/m1:medium", "q1"], { cwd, env });
		expect(short.stderr).toBe("");
		expect(short.code).toBe(0);
		expect(server.requests[0]!.body).toMatchObject({ model: "m1", reasoning_effort: "medium" });
		expect(entries(sessionFiles(home)[0]!)[1]).toMatchObject({ type: "thinking_level_change", thinkingLevel: "medium" });
		const flag = await runCli(["-p", "-m", "m2:high", "--thinking", "low", "q2"], { cwd, env });
		expect(flag.code).toBe(0);
		expect(server.requests[1]!.body).toMatchObject({ model: "m2", reasoning_effort: "low" });
	});

	it("a reasoning model starts a new session at medium, as pi's does; settings' \"off\" and --thinking say otherwise", async () => {
		const server = await fx.serve([textReply("one"), textReply("two"), textReply("three")]);
		const { cwd, home } = fx;
		declare(home, server.url);
		const env = { ARBOR_HOME: home };
		expect((await runCli(["-p", "-m", "local:m1", "q1"], { cwd, env })).code).toBe(0);
		expect(server.requests[0]!.body.reasoning_effort).toBe("medium");
		expect(entries(sessionFiles(home)[0]!)[1]).toMatchObject({ type: "thinking_level_change", thinkingLevel: "medium" });
		expect((await runCli(["-p", "-m", "local:m1", "--thinking", "low", "q2"], { cwd, env })).code).toBe(0);
		expect(server.requests[1]!.body.reasoning_effort).toBe("low");
		writeFileSync(join(home, "settings.json"), JSON.stringify({ thinking: "off" }));
		expect((await runCli(["-p", "-m", "local:m1", "q3"], { cwd, env })).code).toBe(0);
		expect(server.requests[2]!.body.reasoning_effort).toBeUndefined();
	});

	it("the settings' thinking starts a new session at that level (pi's defaultThinkingLevel); a session with a level keeps it", async () => {
		const server = await fx.serve([textReply("one"), textReply("two")]);
		const { cwd, home } = fx;
		declare(home, server.url);
		writeFileSync(join(home, "settings.json"), JSON.stringify({ thinking: "medium" }));
		const env = { ARBOR_HOME: home };
		expect((await runCli(["-p", "-m", "local:m1", "q1"], { cwd, env })).code).toBe(0);
		expect(server.requests[0]!.body.reasoning_effort).toBe("medium");
		const [file] = sessionFiles(home);
		expect(entries(file!)[1]).toMatchObject({ type: "thinking_level_change", thinkingLevel: "medium" });
		// The path has a level now: a later default does not change it.
		writeFileSync(join(home, "settings.json"), JSON.stringify({ thinking: "high" }));
		expect((await runCli(["-p", "-c", "-m", "local:m1", "q2"], { cwd, env })).code).toBe(0);
		expect(server.requests[1]!.body.reasoning_effort).toBe("medium");
		writeFileSync(join(home, "settings.json"), JSON.stringify({ thinking: "loud" }));
		const bad = await runCli(["-p", "-m", "local:m1", "q3"], { cwd, env });
		expect(bad.code).toBe(2);
		expect(bad.stderr).toBe('arbor: settings.json: "thinking": "loud" is not a level (use off, minimal, low, medium, high)\n');
	});

	it("refuses a level for a model not marked reasoning, and a bad level, before any request", async () => {
		const server = await fx.serve([textReply("never")]);
		const { cwd, home } = fx;
		const env = { ARBOR_HOME: home };
		const notReasoning = await runCli(["-p", "-m", "compat:plain", "--base-url", server.url, "--thinking", "low", "q"], { cwd, env });
		expect(notReasoning.code).toBe(2);
		expect(notReasoning.stderr).toBe('arbor: --thinking low: compat:plain is not marked as a reasoning model (declare "reasoning": true for it in models.json)\n');
		const bad = await runCli(["-p", "-m", "compat:plain", "--base-url", server.url, "--thinking", "max", "q"], { cwd, env });
		expect(bad.code).toBe(2);
		expect(bad.stderr).toBe('arbor: --thinking: "max" is not a level (use off, minimal, low, medium, high)\n');
		expect(server.requests).toHaveLength(0);
	});
});
