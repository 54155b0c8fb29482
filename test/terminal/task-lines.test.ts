import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sessionFiles } from "../helpers/print-run.js";
import { submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { readJsonl } from "../helpers/jsonl.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { byConversation, gate } from "../tasks/conversations.js";

const fx = useArborRun<ArborTerminal>();
const task = (id: string, description: string, prompt: string) => ({ id, name: "task", args: { description, prompt } });

/** The chat with the `task` tool (virtual terminal, `cols`×`rows`) against a server answering per conversation. */
async function chatWithTasks(scripts: Parameters<typeof byConversation>[0], size: { cols: number; rows: number }) {
	const { dir, home } = tempPlace("tasks-chat");
	fx.dir = dir;
	writeFileSync(join(dir, "notes.txt"), "notes\n");
	fx.server = await startSseServer(byConversation(scripts));
	const t = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url, "--tools", "read,ls,task"], cwd: dir, home, ...size });
	fx.tmux = t;
	await t.waitForScreen((s) => s.includes("tokens · empty"), "status line");
	return { t, home };
}

describe("running tasks in the chat (virtual terminal; docs/tasks.md)", () => {
	for (const size of [{ cols: 80, rows: 24 }, { cols: 120, rows: 40 }]) {
		it(`at ${size.cols}×${size.rows}: one live line per task with its last tool call; Ctrl+O lists its calls; the answer ends it`, async () => {
			const held = gate();
			const { t } = await chatWithTasks(
				{
					"look around": [toolCallReply([task("t1", "scan", "scan the files"), task("t2", "peek", "peek at notes")]), textReply("All scanned.")],
					"scan the files": [toolCallReply([{ id: "l1", name: "ls", args: {} }]), async () => (await held.opened, textReply("Found notes.txt"))],
					"peek at notes": [toolCallReply([{ id: "r1", name: "read", args: { path: "notes.txt" } }]), async () => (await held.opened, textReply("It says notes"))],
				},
				size,
			);
			await submitLine(t, "look around");
			const live = await t.waitForScreen((s) => s.includes("↳ task: scan · ls .") && s.includes("↳ task: peek · read notes.txt"), "both tasks' live lines");
			expect(live).not.toContain("All scanned.");
			t.write("\x0f");
			await t.waitForScreen((s) => s.includes("↳ task: scan · 1 tool calls") && /\n\s+ls \.\s*\n/.test(s), "the expanded task lines");
			held.open();
			const done = await t.waitForScreen((s) => s.includes("All scanned."), "the main answer");
			expect(done).not.toContain("↳ task:");
		}, 60_000);
	}

	it("Esc aborts the turn and its tasks; their branches are written and the leaf stays on the main path", async () => {
		const { t, home } = await chatWithTasks(
			{
				"dig deep": [toolCallReply([task("t1", "dig", "dig slowly")])],
				"dig slowly": [toolCallReply([{ id: "l1", name: "ls", args: {} }]), textReply(["Still ", "digging "], { hold: true })],
			},
			{ cols: 80, rows: 24 },
		);
		await submitLine(t, "dig deep");
		await t.waitForScreen((s) => s.includes("↳ task: dig · ls ."), "the task's live line");
		await waitFor(() => fx.server!.requests.length === 3, { what: "the task's second request" });
		t.send("Escape");
		await t.waitForScreen((s) => !s.includes("↳ task:") && /aborted|Aborted|interrupted/.test(s), "the aborted turn");
		const file = sessionFiles(home)[0]!;
		const labelled = () => readJsonl(file).some((e) => e.type === "label" && e.label === "task: dig");
		await waitFor(labelled, { what: "the task's branch" });
		const all = readJsonl(file).slice(1);
		const caller = all.find((e) => e.type === "message" && e.message.role === "assistant" && e.message.content.some((p: any) => p.id === "t1"));
		const start = all.find((e) => e.type === "message" && e.message.content === "dig slowly");
		expect(start.parentId).toBe(caller.id);
		const last = all[all.length - 1];
		expect(last.type === "message" ? last.id : last.parentId).toBe(caller.id);
	}, 60_000);
});
