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
const userTexts = (body: any): string[] =>
	(body.messages as { role: string; content: unknown }[])
		.filter((m) => m.role === "user")
		.map((m) => (typeof m.content === "string" ? m.content : (m.content as { text?: string }[]).map((p) => p.text ?? "").join("")));

describe("pi 1.6's example extensions in the chat, unchanged", () => {
	it("plan mode (/plan: write tools off, its prompt, 'what next?', executing the plan), status-line's themed status, protected-paths' block, todo's tool", async () => {
		({ dir: fx.dir } = tempPlace("pi-examples"));
		fx.server = await startSseServer([
			textReply("Plan:\n1. Read the files first"),
			toolCallReply([{ id: "w1", name: "write", args: { path: ".env", content: "X=1" } }, { id: "t1", name: "todo", args: { action: "add", text: "ship it" } }]),
			textReply("all done [DONE:1]"),
			textReply("you're welcome"),
		]);
		const args = ["--model", "compat:test-model", "--base-url", fx.server.url, "--tools", "read,bash,edit,write", "--yes", ...PI_EXAMPLES.flatMap((f) => ["--extension", f])];
		fx.tmux = startArbor({ args, cwd: fx.dir, home: join(fx.dir, "home"), cols: 120, rows: 40 });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model") && s.includes("Ready"), "status-line's Ready");
		await submitLine(fx.tmux, "/plan");
		await fx.tmux.waitForScreen((s) => s.includes("⏸ plan") && s.includes("Plan mode enabled"), "plan mode on");
		await submitLine(fx.tmux, "look around");
		// agent_end: the plan's steps and the question.
		await fx.tmux.waitForScreen((s) => s.includes("Plan mode - what next?") && s.includes("Execute the plan (track progress)") && s.includes("Enter answers"), "what next?, taking keys");
		expect(toolNames(fx.server.requests[0]!.body)).toEqual(["bash", "read", "todo"]);
		// before_agent_start: plan mode's instructions go with the prompt, after it.
		const first = userTexts(fx.server.requests[0]!.body);
		expect(first.at(-2)).toBe("look around");
		expect(first.at(-1)).toContain("[PLAN MODE ACTIVE]");
		fx.tmux.send("\r");
		await fx.tmux.waitForScreen((s) => s.includes("all done") && s.includes("Turn 2 complete"), "the plan executed");
		// The tools are back, and the plan's execution prompt went out as the next prompt.
		expect(toolNames(fx.server.requests[1]!.body)).toEqual(["bash", "edit", "read", "todo", "write"]);
		const second = userTexts(fx.server.requests[1]!.body).join("\n");
		expect(second).toContain("Execute the plan.");
		expect(second).toContain("[EXECUTING PLAN - Full tool access enabled]");
		expect(second).not.toContain("[PLAN MODE ACTIVE]");
		const results = (fx.server.requests[2]!.body.messages as { role: string; content: string }[]).filter((m) => m.role === "tool").map((m) => m.content);
		expect(results[0]).toContain('Path ".env" is protected');
		expect(results[1]).toBe("Added todo #1: ship it");
		expect(existsSync(join(fx.dir, ".env"))).toBe(false);
		// turn_end marked the step done ([DONE:1]); agent_end then said the plan is complete, with the next prompt (nextTurn).
		await submitLine(fx.tmux, "thanks");
		await fx.tmux.waitForScreen((s) => s.includes("you're welcome") && s.includes("Turn 3 complete"), "the next prompt");
		const third = userTexts(fx.server.requests[3]!.body);
		expect(third.at(-2)).toBe("thanks");
		expect(third.at(-1)).toContain("**Plan Complete!** ✓");
		await quit(fx.tmux);
	}, 60_000);
});
