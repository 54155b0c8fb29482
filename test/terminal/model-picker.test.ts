import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileEntries, quit, submitLine, tempPlace, useArborRun, waitForReply } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

describe("/model opens a picker (virtual terminal)", () => {
	it("lists the current model marked, then the catalog; typing searches; Enter switches and writes model_change", async () => {
		({ dir: fx.dir } = tempPlace("model-picker"));
		fx.server = await startSseServer([textReply("first reply"), textReply("from the other model")]);
		const home = join(fx.dir, "home");
		mkdirSync(home, { recursive: true });
		const models = { providers: { local: { baseUrl: fx.server.url, models: [{ id: "small", contextWindow: 8000 }, { id: "big-coder", name: "Big Coder", contextWindow: 64000, reasoning: true }] } } };
		writeFileSync(join(home, "models.json"), JSON.stringify(models));
		// No hosted provider's key, whatever the developer's shell has.
		fx.tmux = startArbor({ args: ["-m", "local:small"], cwd: fx.dir, home, env: { ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" } });
		await submitLine(fx.tmux, "hello");
		await waitForReply(fx.tmux, "first reply");
		await submitLine(fx.tmux, "/model");
		const picker = await fx.tmux.waitForScreen((s) => s.includes("Switch model for the next turn"), "the picker");
		expect(picker).toContain("● local:small  small · 8k window");
		// Without ANTHROPIC_API_KEY or OPENAI_API_KEY the hosted models come after the usable ones and say what they need.
		const rows = picker.split("\n");
		const big = rows.findIndex((r) => r.includes("local:big-coder"));
		const sonnet = rows.findIndex((r) => r.includes("anthropic:claude-sonnet-4-5"));
		expect(big).toBeGreaterThan(0);
		expect(sonnet === -1 || sonnet > big).toBe(true);
		fx.tmux.type("sonnet");
		const hosted = await fx.tmux.waitForScreen((s) => s.includes("Search: sonnet") && s.includes("anthropic:claude-sonnet-4-5"), "a hosted model");
		expect(hosted).toContain("anthropic:claude-sonnet-4-5  Claude Sonnet 4.5 · 200k window · reasoning · images  — needs ANTHROPIC_API_KEY");
		fx.tmux.send("C-u");
		await fx.tmux.waitForScreen((s) => s.includes("Search: \n") || /Search: ▏?\s*\n/.test(s), "search cleared");
		// Several keys in one write: the search narrows the list to one model.
		fx.tmux.type("coder big");
		await fx.tmux.waitForScreen((s) => s.includes("Search: coder big") && s.includes("local:big-coder  Big Coder · 64k window · reasoning") && !s.includes("● local:small"), "searched");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => s.includes("Model: local:big-coder") && s.includes("local:big-coder · thinking off · "), "switched");
		await submitLine(fx.tmux, "again");
		await fx.tmux.waitForScreen((s) => s.includes("from the other model"), "second reply");
		expect(fx.server.requests[1]!.body.model).toBe("big-coder");
		await quit(fx.tmux);
		const [file] = sessionFiles(home);
		const types = fileEntries(file!).slice(1).map((e) => (e.type === "message" ? e.message.role : e.type));
		// "custom": the files as the first prompt was sent (checkpoints), beside the prompt.
		expect(types).toEqual(["user", "custom", "assistant", "model_change", "user", "assistant"]);
	}, 60_000);

	it("Esc closes the picker and keeps the model; a search with no match says so", async () => {
		({ dir: fx.dir } = tempPlace("model-picker"));
		fx.tmux = startArbor({ args: ["-m", "compat:plain", "--base-url", "http://127.0.0.1:9/v1"], cwd: fx.dir, home: join(fx.dir, "home") });
		await submitLine(fx.tmux, "/model");
		await fx.tmux.waitForScreen((s) => s.includes("● compat:plain"), "current marked");
		fx.tmux.type("zzzz-nothing");
		await fx.tmux.waitForScreen((s) => s.includes("No model matches"), "nothing matches");
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Switch model") && s.includes("compat:plain · 0/? tokens"), "closed");
		await quit(fx.tmux);
	}, 60_000);

	it("Ctrl+P switches to the next model this run can use, as pi's does, and wraps", async () => {
		({ dir: fx.dir } = tempPlace("model-picker"));
		const home = join(fx.dir, "home");
		mkdirSync(home, { recursive: true });
		const models = { providers: { local: { baseUrl: "http://127.0.0.1:9/v1", models: [{ id: "small", contextWindow: 8000 }, { id: "big-coder", contextWindow: 64000 }] } } };
		writeFileSync(join(home, "models.json"), JSON.stringify(models));
		fx.tmux = startArbor({ args: ["-m", "local:small"], cwd: fx.dir, home, env: { ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" } });
		await fx.tmux.waitForScreen((s) => s.includes("local:small · 0/8.0k tokens"), "status line");
		fx.tmux.send("C-p");
		await fx.tmux.waitForScreen((s) => s.includes("Model: local:big-coder") && s.includes("local:big-coder · 0/64k tokens"), "the next model");
		fx.tmux.send("C-p");
		await fx.tmux.waitForScreen((s) => s.includes("Model: local:small") && s.includes("local:small · 0/8.0k tokens"), "wrapped to the first");
		await quit(fx.tmux);
	}, 60_000);

	it("--models scopes Ctrl+P to the models it names (settings enabledModels the same)", async () => {
		({ dir: fx.dir } = tempPlace("model-picker"));
		const home = join(fx.dir, "home");
		mkdirSync(home, { recursive: true });
		const ids = ["small", "big-coder", "tiny"];
		writeFileSync(join(home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: "http://127.0.0.1:9/v1", models: ids.map((id) => ({ id, contextWindow: 8000 })) } } }));
		fx.tmux = startArbor({ args: ["-m", "local:small", "--models", "local:small,*tiny"], cwd: fx.dir, home, env: { ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" } });
		await fx.tmux.waitForScreen((s) => s.includes("local:small · 0/8.0k tokens"), "status line");
		fx.tmux.send("C-p");
		await fx.tmux.waitForScreen((s) => s.includes("Model: local:tiny"), "big-coder is left out");
		fx.tmux.send("C-p");
		await fx.tmux.waitForScreen((s) => s.includes("Model: local:small"), "wrapped to the first");
		await quit(fx.tmux);
	}, 60_000);
});
