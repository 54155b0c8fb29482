import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editorTextOf } from "../../source/navigation/navigate.js";
import { copyTreeFixture, fileEntries, quit, requestText, submitLine, tempPlace, treeRows, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { errorReply, startSseServer, textReply, type Script } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";

const fx = useArborRun<ArborTerminal>();

const SUMMARY = "## Goal\nCheck the summary flow MARKER-SUMMARY-7\n## Next Steps\n1. Keep going";

/**
 * The fixture copied into a temp folder, and the last row of the `user` filter: a user message on
 * another branch than the leaf (its parent is not on the active path).
 */
function setUp(): { file: string; home: string; cwd: string; targetId: string; text: string; oldLeaf: string; userStatus: string } {
	const place = tempPlace("summary");
	fx.dir = place.dir;
	const file = copyTreeFixture(place.dir);
	const { rows, leafId, leafIndex } = treeRows(file, "user");
	const target = rows[rows.length - 1]!;
	expect(target.onActivePath).toBe(false);
	return {
		file, home: place.home, cwd: place.dir, targetId: target.id, text: editorTextOf(target.entry)!, oldLeaf: leafId!,
		userStatus: `(${leafIndex + 1}/${rows.length}) [user]`,
	};
}

/**
 * The editor receives the selected message's text one render after the status line changes: wait
 * for it before typing, or a key can land before the text does. (The target is on another branch,
 * so its text shows nowhere else on screen.)
 */
async function editorHolds(t: ArborTerminal, text: string): Promise<void> {
	const start = text.replace(/\s+/g, " ").slice(0, 40);
	await t.waitForScreen((x) => x.replace(/\n/g, " ").includes(`› ${start}`), "editor text");
}

/** Opens /tree, switches to the user filter, selects the last row and presses Enter. */
async function openPromptOnTarget(t: ArborTerminal, s: ReturnType<typeof setUp>): Promise<string> {
	await t.waitForScreen((x) => x.includes("leaf "), "status line");
	await submitLine(t, "/tree");
	await t.waitForScreen((x) => x.includes("Session tree"), "tree");
	t.send("C-u");
	await t.waitForScreen((x) => x.includes(s.userStatus), s.userStatus);
	t.send("End");
	const total = s.userStatus.split("/")[1]!.split(")")[0]!;
	await t.waitForScreen((x) => x.includes(`(${total}/${total}) [user]`), "last row selected");
	t.send("Enter");
	return t.waitForScreen((x) => x.includes("Summarize the branch you're leaving?"), "summary prompt");
}

function args(url: string, file: string): string[] {
	return ["--model", "compat:test-model", "--base-url", url, "--session", file];
}

/** The summarizer's request is the non-streaming one. */
const isSummary = (body: any) => body?.stream !== true;

describe("/tree summaries in the virtual terminal", () => {
	it("Summarize writes a branch summary, shows it, and the next turn sends it to the model", async () => {
		const s = setUp();
		fx.server = await startSseServer((body) => (isSummary(body) ? textReply(SUMMARY) : textReply("Next answer.")));
		fx.tmux = startArbor({ args: args(fx.server.url, s.file), cwd: s.cwd, home: s.home });
		const prompt = await openPromptOnTarget(fx.tmux, s);
		expect(prompt).toContain("› No summary\n  Summarize\n  Summarize with custom prompt\n↑↓ move · Enter choose · Esc back");
		fx.tmux.send("Down");
		await fx.tmux.waitForScreen((x) => x.includes("  No summary\n› Summarize\n"), "Summarize selected");
		fx.tmux.send("Enter");
		const moved = await fx.tmux.waitForScreen((x) => x.includes("Navigated to selected point"), "navigated");
		expect(moved).toContain("[branch summary] ## Goal…");
		expect(moved).toContain(`› ${s.text.slice(0, 60)}`);
		const summaries = fileEntries(s.file).filter((e) => e.type === "branch_summary");
		const mine = summaries[summaries.length - 1];
		expect(mine.fromId).toBe(s.oldLeaf);
		expect(mine.summary.startsWith(SUMMARY)).toBe(true);
		expect(mine.parentId).toBe(fileEntries(s.file).find((e) => e.id === s.targetId).parentId);
		expect(moved).toContain(`leaf ${mine.id.slice(0, 8)}`);
		expect(fx.server.requests.length).toBe(1);

		// The editor holds the target's text; send it and the summary goes with the next turn.
		await editorHolds(fx.tmux, s.text);
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("Next answer.") && !x.includes("Working"), "reply");
		expect(fx.server.requests.length).toBe(2);
		const turn = requestText(fx.server.requests[1]!.body);
		expect(turn).toContain("MARKER-SUMMARY-7");
		expect(turn).toContain(s.text);
		await quit(fx.tmux);
	}, 60_000);

	it("after /compact (a compaction as the leaf) moving up asks, and the summary covers the compaction's text", async () => {
		const place = tempPlace("summary");
		fx.dir = place.dir;
		const file = join(place.dir, "compacted.jsonl");
		const at = (n: number) => `2026-11-20T10:00:0${n}.000Z`;
		const msg = (id: string, parentId: string | null, n: number, message: object) => ({ type: "message", id, parentId, timestamp: at(n), message: { ...message, timestamp: n } });
		const lines = [
			{ type: "session", version: 3, id: "c0mpac7e-0000-4000-8000-000000000000", timestamp: at(0), cwd: place.dir },
			msg("a0000001", null, 1, { role: "user", content: "start the work" }),
			msg("a0000002", "a0000001", 2, { role: "assistant", content: [{ type: "text", text: "started" }], stopReason: "stop" }),
			msg("a0000003", "a0000002", 3, { role: "user", content: "carry on" }),
			msg("a0000004", "a0000003", 4, { role: "assistant", content: [{ type: "text", text: "carried on" }], stopReason: "stop" }),
			{ type: "compaction", id: "a0000005", parentId: "a0000004", timestamp: at(5), summary: "COMPACTED-WORK-3", firstKeptEntryId: "a0000003", tokensBefore: 900 },
		];
		writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
		fx.server = await startSseServer((body) => (isSummary(body) ? textReply(SUMMARY) : textReply("x")));
		fx.tmux = startArbor({ args: args(fx.server.url, file), cwd: place.dir, home: place.home });
		await fx.tmux.waitForScreen((x) => x.includes("leaf a0000005"), "status line");
		await submitLine(fx.tmux, "/tree");
		await fx.tmux.waitForScreen((x) => x.includes("Session tree"), "tree");
		fx.tmux.send("Home");
		await fx.tmux.waitForScreen((x) => /\(1\/\d+\)/.test(x), "first row selected");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("Summarize the branch you're leaving?"), "summary prompt");
		fx.tmux.send("Down");
		await fx.tmux.waitForScreen((x) => x.includes("› Summarize\n"), "Summarize selected");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("Navigated to selected point"), "navigated");
		expect(fx.server.requests).toHaveLength(1);
		expect(requestText(fx.server.requests[0]!.body)).toContain("COMPACTED-WORK-3");
		const summary = fileEntries(file).filter((e) => e.type === "branch_summary");
		expect(summary).toMatchObject([{ fromId: "a0000005", parentId: null }]);
		await quit(fx.tmux);
	}, 60_000);

	it("Esc while summarizing cancels: tree on the same row, file unchanged", async () => {
		const s = setUp();
		const before = readFileSync(s.file);
		fx.server = await startSseServer((body): Script => (isSummary(body) ? textReply("never", { hold: true }) : textReply("x")));
		fx.tmux = startArbor({ args: args(fx.server.url, s.file), cwd: s.cwd, home: s.home });
		await openPromptOnTarget(fx.tmux, s);
		fx.tmux.send("Down");
		await fx.tmux.waitForScreen((x) => x.includes("› Summarize\n"), "Summarize selected");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("Summarizing branch… (Esc to cancel)"), "spinner");
		const held = fx.server;
		await waitFor(() => held.requests.length === 1, { what: "the summary request" });
		fx.tmux.send("Escape");
		const total = s.userStatus.split("/")[1]!.split(")")[0]!;
		const back = await fx.tmux.waitForScreen((x) => x.includes("Summary cancelled"), "cancelled");
		expect(back).toContain(`(${total}/${total}) [user]\nSummary cancelled`);
		expect(back).toContain("Session tree");
		expect(readFileSync(s.file).equals(before)).toBe(true);
		// The tree is live again: Esc closes it.
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((x) => !x.includes("Session tree"), "tree closed");
		await quit(fx.tmux);
		expect(readFileSync(s.file).equals(before)).toBe(true);
	}, 60_000);

	it("custom instructions: Esc goes back to the prompt and keeps the draft; the submitted text reaches the summarizer", async () => {
		const s = setUp();
		fx.server = await startSseServer((body) => (isSummary(body) ? textReply(SUMMARY) : textReply("x")));
		fx.tmux = startArbor({ args: args(fx.server.url, s.file), cwd: s.cwd, home: s.home });
		await openPromptOnTarget(fx.tmux, s);
		fx.tmux.send("Up");
		await fx.tmux.waitForScreen((x) => x.includes("› Summarize with custom prompt\n"), "custom option");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("Custom summary instructions"), "instructions editor");
		fx.tmux.type("first try");
		await fx.tmux.waitForScreen((x) => x.includes("> first try▏"), "typed first");
		fx.tmux.send("Escape");
		const prompt = await fx.tmux.waitForScreen((x) => x.includes("Summarize the branch you're leaving?"), "back to prompt");
		expect(prompt).toContain("  No summary\n  Summarize\n› Summarize with custom prompt\n");
		fx.tmux.send("Enter");
		const again = await fx.tmux.waitForScreen((x) => x.includes("Custom summary instructions"), "editor again");
		expect(again).toContain("Enter submit · Shift+Enter or Ctrl+J new line · Esc back\n> first try▏");
		fx.tmux.type(", Focus on FOCUS-WORD-99");
		await fx.tmux.waitForScreen((x) => x.includes("> first try, Focus on FOCUS-WORD-99▏"), "typed focus");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("Navigated to selected point"), "navigated");
		expect(fx.server.requests.length).toBe(1);
		const sent = requestText(fx.server.requests[0]!.body);
		expect(sent).toContain("first try, Focus on FOCUS-WORD-99");
		await editorHolds(fx.tmux, s.text);
		await quit(fx.tmux);
	}, 60_000);

	it("a failing summarizer shows the error, keeps the tree on the same row and the file unchanged", async () => {
		const s = setUp();
		const before = readFileSync(s.file);
		fx.server = await startSseServer((body) => (isSummary(body) ? errorReply(500, "summarizer exploded") : textReply("x")));
		fx.tmux = startArbor({ args: args(fx.server.url, s.file), cwd: s.cwd, home: s.home, env: { ARBOR_MAX_RETRIES: "0" } });
		await openPromptOnTarget(fx.tmux, s);
		fx.tmux.send("Down");
		await fx.tmux.waitForScreen((x) => x.includes("› Summarize\n"), "Summarize selected");
		fx.tmux.send("Enter");
		const total = s.userStatus.split("/")[1]!.split(")")[0]!;
		const failed = await fx.tmux.waitForScreen((x) => x.includes("summary failed"), "error");
		expect(failed).toContain(`(${total}/${total}) [user]\nsummary failed: HTTP 500: summarizer exploded`);
		expect(readFileSync(s.file).equals(before)).toBe(true);
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((x) => !x.includes("Session tree"), "tree closed");
		await quit(fx.tmux);
		expect(readFileSync(s.file).equals(before)).toBe(true);
	}, 60_000);

	it("ARBOR_MAX_RETRIES=0: a 500 from the summarizer is requested once", async () => {
		const s = setUp();
		fx.server = await startSseServer((body) => (isSummary(body) ? errorReply(500, "summarizer exploded") : textReply("x")));
		fx.tmux = startArbor({ args: args(fx.server.url, s.file), cwd: s.cwd, home: s.home, env: { ARBOR_MAX_RETRIES: "0" } });
		await openPromptOnTarget(fx.tmux, s);
		fx.tmux.send("Down");
		await fx.tmux.waitForScreen((x) => x.includes("› Summarize\n"), "Summarize selected");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((x) => x.includes("summary failed: HTTP 500: summarizer exploded"), "error");
		expect(fx.server.requests.length).toBe(1);
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((x) => !x.includes("Session tree"), "tree closed");
		await quit(fx.tmux);
	}, 60_000);
});
