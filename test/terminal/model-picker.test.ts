import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, fileEntries, quit, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";

let tmux: ArborTerminal | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

describe("/model opens a picker (virtual terminal)", () => {
	it("lists the current model marked, then the catalog; typing searches; Enter switches and writes model_change", async () => {
		({ dir } = tempPlace("model-picker"));
		server = await startSseServer([textReply("first reply"), textReply("from the other model")]);
		const home = join(dir, "home");
		mkdirSync(home, { recursive: true });
		const models = { providers: { local: { baseUrl: server.url, models: [{ id: "small", contextWindow: 8000 }, { id: "big-coder", name: "Big Coder", contextWindow: 64000, reasoning: true }] } } };
		writeFileSync(join(home, "models.json"), JSON.stringify(models));
		tmux = startArbor({ args: ["-m", "local:small"], cwd: dir, home });
		await submitLine(tmux, "hello");
		await tmux.waitForScreen((s) => s.includes("first reply"), "first reply");
		await submitLine(tmux, "/model");
		const picker = await tmux.waitForScreen((s) => s.includes("Switch model for the next turn"), "the picker");
		expect(picker).toContain("● local:small  small · 8k window");
		expect(picker).toContain("anthropic:claude-sonnet-4-5  Claude Sonnet 4.5 · 200k window · reasoning · images");
		// Several keys in one write: the search narrows the list to one model.
		tmux.type("coder big");
		await tmux.waitForScreen((s) => s.includes("Search: coder big") && s.includes("local:big-coder  Big Coder · 64k window · reasoning") && !s.includes("● local:small"), "searched");
		tmux.send("Enter");
		await tmux.waitForScreen((s) => s.includes("Model: local:big-coder") && s.includes("local:big-coder · thinking off · "), "switched");
		await submitLine(tmux, "again");
		await tmux.waitForScreen((s) => s.includes("from the other model"), "second reply");
		expect(server.requests[1]!.body.model).toBe("big-coder");
		await quit(tmux);
		const [file] = sessionFiles(home);
		const types = fileEntries(file!).slice(1).map((e) => (e.type === "message" ? e.message.role : e.type));
		expect(types).toEqual(["user", "assistant", "model_change", "user", "assistant"]);
	}, 60_000);

	it("Esc closes the picker and keeps the model; a search with no match says so", async () => {
		({ dir } = tempPlace("model-picker"));
		tmux = startArbor({ args: ["-m", "compat:plain", "--base-url", "http://127.0.0.1:9/v1"], cwd: dir, home: join(dir, "home") });
		await submitLine(tmux, "/model");
		await tmux.waitForScreen((s) => s.includes("● compat:plain"), "current marked");
		tmux.type("zzzz-nothing");
		await tmux.waitForScreen((s) => s.includes("No model matches"), "nothing matches");
		tmux.send("Escape");
		await tmux.waitForScreen((s) => !s.includes("Switch model") && s.includes("compat:plain · 0/? tokens"), "closed");
		await quit(tmux);
	}, 60_000);
});
