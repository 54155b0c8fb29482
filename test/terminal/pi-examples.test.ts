import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

/** pi 1.6's own example extensions, unchanged, from its package (MIT; @earendil-works/pi-coding-agent 1.6.0). */
const EXAMPLES = join(import.meta.dirname, "../../node_modules/@earendil-works/pi-coding-agent/examples/extensions");
const PI_EXAMPLES = ["status-line.ts", "protected-paths.ts", "todo.ts", "plan-mode/index.ts"].map((f) => join(EXAMPLES, f));

const toolNames = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function.name).sort();

describe("pi 1.6's example extensions in the chat, unchanged", () => {
	it("plan mode (/plan: write tools off, its status), status-line's themed status, protected-paths' block, todo's tool", async () => {
		({ dir: fx.dir } = tempPlace("pi-examples"));
		fx.server = await startSseServer([
			textReply("Plan:\n1. Read the files first"),
			toolCallReply([{ id: "w1", name: "write", args: { path: ".env", content: "X=1" } }, { id: "t1", name: "todo", args: { action: "add", text: "ship it" } }]),
			textReply("all done"),
		]);
		const args = ["--model", "compat:test-model", "--base-url", fx.server.url, "--tools", "read,bash,edit,write", "--yes", ...PI_EXAMPLES.flatMap((f) => ["--extension", f])];
		fx.tmux = startArbor({ args, cwd: fx.dir, home: join(fx.dir, "home"), cols: 120, rows: 40 });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model") && s.includes("Ready"), "status-line's Ready");
		await submitLine(fx.tmux, "/plan");
		await fx.tmux.waitForScreen((s) => s.includes("⏸ plan") && s.includes("Plan mode enabled"), "plan mode on");
		await submitLine(fx.tmux, "look around");
		await fx.tmux.waitForScreen((s) => s.includes("Turn 1 complete"), "first turn done");
		expect(toolNames(fx.server.requests[0]!.body)).toEqual(["bash", "read", "todo"]);
		await submitLine(fx.tmux, "/plan");
		await fx.tmux.waitForScreen((s) => s.includes("Plan mode disabled") && !s.includes("⏸ plan"), "plan mode off");
		await submitLine(fx.tmux, "go");
		await fx.tmux.waitForScreen((s) => s.includes("all done") && s.includes("Turn 2 complete"), "second turn done");
		expect(toolNames(fx.server.requests[1]!.body)).toEqual(["bash", "edit", "read", "todo", "write"]);
		const results = (fx.server.requests[2]!.body.messages as { role: string; content: string }[]).filter((m) => m.role === "tool").map((m) => m.content);
		expect(results[0]).toContain('Path ".env" is protected');
		expect(results[1]).toBe("Added todo #1: ship it");
		expect(existsSync(join(fx.dir, ".env"))).toBe(false);
		await quit(fx.tmux);
	}, 60_000);
});
