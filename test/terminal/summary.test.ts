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

/** The status of the target: the last row of the user filter. */
const lastRowStatus = (s: ReturnType<typeof setUp>) => {
	const total = s.userStatus.split("/")[1]!.split(")")[0]!;
	return `(${total}/${total}) [user]`;
};

/** Opens /tree, switches to the user filter, selects the last row and presses Enter. */
async function openPromptOnTarget(t: ArborTerminal, s: ReturnType<typeof setUp>): Promise<string> {
	await t.waitForScreen((x) => x.includes("leaf "), "status line");
	await submitLine(t, "/tree");
	await t.waitForScreen((x) => x.includes("Session tree"), "tree");
	t.send("C-u");
	await t.waitForScreen((x) => x.includes(s.userStatus), s.userStatus);
	t.send("End");
	await t.waitForScreen((x) => x.includes(lastRowStatus(s)), "last row selected");
	t.send("Enter");
	return t.waitForScreen((x) => x.includes("Summarize the branch you're leaving?"), "summary prompt");
}

function args(url: string, file: string): string[] {
	return ["--model", "compat:test-model", "--base-url", url, "--session", file];
}

/** The summarizer's request is the non-streaming one. */
const isSummary = (body: any) => body?.stream !== true;

/**
 * The fixture (its bytes before arbor starts in `before`), the fake server answering `handler`,
 * arbor on the fixture, and /tree's summary prompt on the target (the prompt's screen).
 */
async function atSummaryPrompt(handler: (body: any) => Script, env?: Record<string, string>) {
	const s = setUp();
	const before = readFileSync(s.file);
	fx.server = await startSseServer(handler);
	fx.tmux = startArbor({ args: args(fx.server.url, s.file), cwd: s.cwd, home: s.home, ...(env ? { env } : {}) });
	const prompt = await openPromptOnTarget(fx.tmux, s);
	return { s, before, t: fx.tmux, server: fx.server, prompt };
}

/** At the summary prompt: Down to Summarize, then Enter. */
async function chooseSummarize(t: ArborTerminal): Promise<void> {
	t.send("Down");
	await t.waitForScreen((x) => x.includes("  No summary\n› Summarize\n"), "Summarize selected");
	t.send("Enter");
}

/** Esc closes the tree (live again after a failed or cancelled summary), then /quit. */
async function closeTreeAndQuit(t: ArborTerminal): Promise<void> {
	t.send("Escape");
	await t.waitForScreen((x) => !x.includes("Session tree"), "tree closed");
	await quit(t);
}

describe("/tree summaries in the virtual terminal", () => {
	it("Summarize writes a branch summary, shows it, and the next turn sends it to the model", async () => {
		const { s, prompt, t, server } = await atSummaryPrompt((body) => (isSummary(body) ? textReply(SUMMARY) : textReply("Next answer.")));
		expect(prompt).toContain("› No summary\n  Summarize\n  Summarize with custom prompt\n↑↓ move · Enter choose · Esc back");
		await chooseSummarize(t);
		// The new path is printed below the rule once the tree has closed; the summary's short form is
		// its first sentence, past the "## Goal" heading.
		const moved = await t.waitForScreen((x) => x.includes("Navigated to selected point") && x.includes("[branch summary]"), "navigated");
		expect(moved).toContain("[branch summary] Check the summary flow MARKER-SUMMARY-7…");
		expect(moved).toContain(`› ${s.text.slice(0, 60)}`);
		const summaries = fileEntries(s.file).filter((e) => e.type === "branch_summary");
		const mine = summaries[summaries.length - 1];
		expect(mine.fromId).toBe(s.oldLeaf);
		expect(mine.summary.startsWith(SUMMARY)).toBe(true);
		expect(mine.parentId).toBe(fileEntries(s.file).find((e) => e.id === s.targetId).parentId);
		expect(moved).toContain(`leaf ${mine.id.slice(0, 8)}`);
		expect(server.requests.length).toBe(1);

		// The editor holds the target's text; send it and the summary goes with the next turn.
		await editorHolds(t, s.text);
		t.send("Enter");
		await t.waitForScreen((x) => x.includes("Next answer.") && !x.includes("Working"), "reply");
		expect(server.requests.length).toBe(2);
		const turn = requestText(server.requests[1]!.body);
		expect(turn).toContain("MARKER-SUMMARY-7");
		expect(turn).toContain(s.text);
		await quit(t);
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
		await chooseSummarize(fx.tmux);
		await fx.tmux.waitForScreen((x) => x.includes("Navigated to selected point"), "navigated");
		expect(fx.server.requests).toHaveLength(1);
		expect(requestText(fx.server.requests[0]!.body)).toContain("COMPACTED-WORK-3");
		const summary = fileEntries(file).filter((e) => e.type === "branch_summary");
		expect(summary).toMatchObject([{ fromId: "a0000005", parentId: null }]);
		await quit(fx.tmux);
	}, 60_000);

	it("Esc while summarizing cancels: tree on the same row, file unchanged", async () => {
		const { s, before, server, t } = await atSummaryPrompt((body): Script => (isSummary(body) ? textReply("never", { hold: true }) : textReply("x")));
		await chooseSummarize(t);
		await t.waitForScreen((x) => x.includes("Summarizing branch… (Esc to cancel)"), "spinner");
		await waitFor(() => server.requests.length === 1, { what: "the summary request" });
		t.send("Escape");
		const back = await t.waitForScreen((x) => x.includes("Summary cancelled"), "cancelled");
		expect(back).toContain(`${lastRowStatus(s)}\nSummary cancelled`);
		expect(back).toContain("Session tree");
		expect(readFileSync(s.file).equals(before)).toBe(true);
		await closeTreeAndQuit(t);
		expect(readFileSync(s.file).equals(before)).toBe(true);
	}, 60_000);

	it("custom instructions: Esc goes back to the prompt and keeps the draft; the submitted text reaches the summarizer", async () => {
		const { s, t, server } = await atSummaryPrompt((body) => (isSummary(body) ? textReply(SUMMARY) : textReply("x")));
		t.send("Up");
		await t.waitForScreen((x) => x.includes("› Summarize with custom prompt\n"), "custom option");
		t.send("Enter");
		await t.waitForScreen((x) => x.includes("Custom summary instructions"), "instructions editor");
		t.type("first try");
		await t.waitForScreen((x) => x.includes("> first try▏"), "typed first");
		t.send("Escape");
		const prompt = await t.waitForScreen((x) => x.includes("Summarize the branch you're leaving?"), "back to prompt");
		expect(prompt).toContain("  No summary\n  Summarize\n› Summarize with custom prompt\n");
		t.send("Enter");
		const again = await t.waitForScreen((x) => x.includes("Custom summary instructions"), "editor again");
		expect(again).toContain("Enter submit · Shift+Enter or Ctrl+J new line · Esc back\n> first try▏");
		t.type(", Focus on FOCUS-WORD-99");
		await t.waitForScreen((x) => x.includes("> first try, Focus on FOCUS-WORD-99▏"), "typed focus");
		t.send("Enter");
		await t.waitForScreen((x) => x.includes("Navigated to selected point"), "navigated");
		expect(server.requests.length).toBe(1);
		const sent = requestText(server.requests[0]!.body);
		expect(sent).toContain("first try, Focus on FOCUS-WORD-99");
		await editorHolds(t, s.text);
		await quit(t);
	}, 60_000);

	it("a failing summarizer shows the error, keeps the tree on the same row and the file unchanged", async () => {
		const { s, before, t } = await atSummaryPrompt((body) => (isSummary(body) ? errorReply(500, "summarizer exploded") : textReply("x")), { ARBOR_MAX_RETRIES: "0" });
		await chooseSummarize(t);
		const failed = await t.waitForScreen((x) => x.includes("summary failed"), "error");
		expect(failed).toContain(`${lastRowStatus(s)}\nsummary failed: HTTP 500: summarizer exploded`);
		expect(readFileSync(s.file).equals(before)).toBe(true);
		await closeTreeAndQuit(t);
		expect(readFileSync(s.file).equals(before)).toBe(true);
	}, 60_000);

	it("ARBOR_MAX_RETRIES=0: a 500 from the summarizer is requested once", async () => {
		const { server, t } = await atSummaryPrompt((body) => (isSummary(body) ? errorReply(500, "summarizer exploded") : textReply("x")), { ARBOR_MAX_RETRIES: "0" });
		await chooseSummarize(t);
		await t.waitForScreen((x) => x.includes("summary failed: HTTP 500: summarizer exploded"), "error");
		expect(server.requests.length).toBe(1);
		await closeTreeAndQuit(t);
	}, 60_000);
});
