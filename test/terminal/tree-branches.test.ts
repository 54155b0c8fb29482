import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileEntries, quit, requestText, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { writeBranchSessions } from "../helpers/branch-sessions.js";
import { errorReply, startSseServer, textReply, type Script } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { trustProject } from "../../source/config/trust.js";

const fx = useArborRun<ArborTerminal>();

const SUMMARY = "## Goal\nApples were tried MERGED-MARKER-42";

async function start(
	script?: Script[] | ((body: any, index: number) => Script),
	prepare?: (cwd: string) => void,
): Promise<{ t: ArborTerminal; file: string }> {
	const place = tempPlace("branches");
	fx.dir = place.dir;
	prepare?.(place.dir);
	const { branched } = writeBranchSessions(place.dir, place.home);
	const args = ["-s", branched];
	if (script) {
		fx.server = await startSseServer(script);
		args.push("--model", "compat:test-model", "--base-url", fx.server.url);
	}
	trustProject({ cwd: place.dir, home: place.home });
	fx.tmux = startArbor({ args, cwd: place.dir, home: place.home, env: { ARBOR_MAX_RETRIES: "0" } });
	await fx.tmux.waitForScreen((s) => s.includes("leaf aB"), "status line");
	await submitLine(fx.tmux, "/tree");
	await fx.tmux.waitForScreen((s) => s.includes("Session tree"), "tree");
	return { t: fx.tmux, file: branched };
}

/** Rows of the default filter, top to bottom; the leaf aB (row 6) is selected on opening. */
const ROWS = ["u1", "a1", "uA", "aA", "uB", "aB"];

/** Moves the selection to the row of `id` (several ↑/↓ in one send-keys call, as a held key). */
async function selectRow(t: ArborTerminal, from: string, id: string): Promise<void> {
	const delta = ROWS.indexOf(id) - ROWS.indexOf(from);
	if (delta !== 0) t.send(...Array<string>(Math.abs(delta)).fill(delta < 0 ? "Up" : "Down"));
	await t.waitForScreen((s) => s.includes(`(${ROWS.indexOf(id) + 1}/6) [default]`), `row ${id} selected`);
}

/** Shift+C on aA (the leaf aB selected): waits for the `Marked aA` notice. */
async function markAA(t: ArborTerminal): Promise<string> {
	await selectRow(t, "aB", "aA");
	t.send("C");
	return t.waitForScreen((s) => s.includes("Marked aA · Shift+C on another entry compares"), "marked");
}

/** Marks aA, then Shift+C on aB: waits for the comparison and returns its screen. */
async function compareAAwithAB(t: ArborTerminal): Promise<string> {
	await markAA(t);
	await selectRow(t, "aA", "aB");
	t.send("C");
	return t.waitForScreen((s) => s.includes("Compare aA ↔ aB"), "comparison");
}

describe("/tree compare and merge in the virtual terminal", () => {
	it("Shift+C marks, Shift+C on another entry shows the comparison; Esc returns to the tree", async () => {
		const { t } = await start();
		const view = await compareAAwithAB(t);
		expect(view).toContain("common ancestor: a1 assistant: Two ways to go");
		expect(view).toMatch(/A: 2 entries, ends at aA +│ B: 2 entries, ends at aB/);
		expect(view).toMatch(/uA user: Try the apple approach +│ uB user: Try the banana approach/);
		// Ctrl+Esc and Alt+Esc (kitty) are not Esc here, as before the keymap (c297249): still comparing.
		t.write("\x1b[27;5u\x1b[27;3u");
		t.send("s"); // no model configured
		await t.waitForScreen((s) => s.includes("No model configured for summaries") && s.includes("Compare aA ↔ aB"), "no model");
		t.send("Escape");
		const tree = await t.waitForScreen((s) => s.includes("Session tree"), "back in the tree");
		expect(tree).not.toContain("Marked aA");
	});

	it("the mark's notice is still shown after the summary prompt's Esc (as before the restructure, c297249)", async () => {
		const { t } = await start();
		await markAA(t);
		await selectRow(t, "aA", "uA");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "summary prompt");
		t.send("Escape");
		const tree = await t.waitForScreen((s) => s.includes("Session tree") && s.includes("(3/6) [default]"), "back in the tree");
		expect(tree).toContain("(3/6) [default]\nMarked aA · Shift+C on another entry compares\n");
	});

	it("s in the comparison asks the summary model; Esc cancels a running one, then closes", async () => {
		const reply = "## Branch A tried\nApples COMPARE-MARKER-7";
		const { t } = await start((_body, i) => (i === 0 ? textReply("never", { hold: true }) : textReply(reply)));
		await compareAAwithAB(t);
		t.send("s");
		await t.waitForScreen((s) => s.includes("Comparing with the summary model… (Esc to cancel)"), "spinner");
		await waitFor(() => fx.server!.requests.length === 1, { what: "the comparison request" });
		expect(requestText(fx.server!.requests[0]!.body)).toMatch(/APPLEWIN[\s\S]*BANANAWIN/);
		t.send("Escape");
		await t.waitForScreen((s) => s.includes("Comparison cancelled") && s.includes("Compare aA ↔ aB"), "cancelled, still comparing");
		t.send("s");
		const shown = await t.waitForScreen((s) => s.includes("COMPARE-MARKER-7"), "the model's comparison");
		expect(shown).toMatch(/aB assistant: Bananas ripen fast[^\n]*\n\n## Branch A tried\nApples COMPARE-MARKER-7/);
		t.send("Escape");
		await t.waitForScreen((s) => s.includes("Session tree") && !s.includes("Compare aA"), "back in the tree");
	});

	it("a comparison longer than the window scrolls to the summary when it arrives", async () => {
		const body = Array.from({ length: 30 }, (_, i) => `- point ${i + 1}`).join("\n");
		const { t } = await start([textReply(`## LONG-COMPARE-START\n${body}\nLONG-COMPARE-END`)]);
		t.resize(120, 16); // the app leaves the view 14 rows (the status line, the alternate screen's spare row): a 7-line window, the branches alone fill it
		await compareAAwithAB(t);
		t.send("s");
		const shown = await t.waitForScreen((s) => /\(lines \d+–\d+ of \d+\)/.test(s) && !s.includes("Comparing with"), "the summary arrived");
		expect(shown).toMatch(/## LONG-COMPARE-START\n- point 1\n- point 2\n/);
		expect(shown).not.toMatch(/\(lines 1–/);
		t.send("PgDn", "PgDn", "PgDn", "PgDn");
		await t.waitForScreen((s) => s.includes("LONG-COMPARE-END"), "scrolled to its end");
		// 39 lines in pages of 7: five pages up from the end reach the top (a sixth stays there).
		t.send("PgUp", "PgUp", "PgUp", "PgUp", "PgUp", "PgUp");
		await t.waitForScreen((s) => s.includes("(lines 1–") && s.includes("common ancestor"), "back at the top");
	});

	it("Esc then Ctrl+← in one read: Esc clears the search (the match stays selected), Ctrl+← folds it", async () => {
		const { t } = await start();
		t.type("apple");
		await t.waitForScreen((s) => s.includes("Search: apple") && /› .*user: Try the apple approach/.test(s), "searching");
		// One send-keys call: both keys reach arbor in the same read, as when typed quickly.
		t.send("Escape", "C-Left");
		const screen = await t.waitForScreen((s) => s.includes("(3/5) [default]"), "the match folded");
		expect(screen).toContain("Type to search");
		expect(screen).toMatch(/› .*⊞ user: Try the apple approach\n/);
	});

	it("the comparison stacks the branches in a narrow terminal", async () => {
		const { t } = await start();
		t.resize(60, 30);
		const view = await compareAAwithAB(t);
		expect(view).toMatch(/A: 2 entries, ends at aA\n {2}uA user: Try the apple approach\n {2}aA assistant: Apples sell/);
	});

	it("Shift+M merges the selected branch into the current one: summary at the end of the transcript", async () => {
		const { t, file } = await start([textReply(SUMMARY), textReply("Next answer NEXT-7")]);
		await selectRow(t, "aB", "aA");
		t.send("M");
		const done = await t.waitForScreen((s) => s.includes("Merged aA into the current branch"), "merged");
		expect(done).not.toContain("Session tree");
		// The new path is printed below the rule; a summary's short form is its first sentence, past "## Goal".
		const printed = await t.waitForScreen((s) => s.includes("Merged aA into the current branch") && s.includes("[branch summary]"), "the new path printed");
		expect(printed).toMatch(/conclusion BANANAWIN\n+\[branch summary\] Apples were tried MERGED-MARKER-42…\n[\s\S]*Merged aA into the current branch/);
		expect(requestText(fx.server!.requests[0]!.body)).toContain("APPLEWIN");
		const last = fileEntries(file).at(-1);
		expect(last).toMatchObject({ type: "branch_summary", fromId: "aA", parentId: "aB", summary: SUMMARY });
		// The next turn carries the merged branch's conclusions and stays on its own branch.
		await submitLine(t, "what now");
		await t.waitForScreen((s) => s.includes("NEXT-7"), "next reply");
		const next = requestText(fx.server!.requests[1]!.body);
		expect(next).toContain("MERGED-MARKER-42");
		expect(next).toContain("BANANAWIN");
		expect(next).not.toContain("Try the apple approach");
		await quit(t);
	});

	it("Esc while merging cancels and writes nothing; a failed summary shows the error and writes nothing", async () => {
		const { t, file } = await start((_body, i) => (i === 0 ? textReply("never", { hold: true }) : errorReply(500, "model exploded")));
		const before = readFileSync(file);
		await selectRow(t, "aB", "aA");
		t.send("M");
		await t.waitForScreen((s) => s.includes("Summarizing branch… (Esc to cancel)"), "spinner");
		await waitFor(() => fx.server!.requests.length === 1, { what: "the summary request" });
		t.send("Escape");
		await t.waitForScreen((s) => s.includes("Session tree") && s.includes("Merge cancelled"), "cancelled");
		t.send("M");
		const failed = await t.waitForScreen((s) => s.includes("model exploded"), "failure shown");
		expect(failed).toContain("Session tree");
		expect(readFileSync(file).equals(before)).toBe(true);
	});

	it("Shift+M goes through the extensions' session_before_tree: a hook's summary is merged (fromHook)", async () => {
		const { t, file } = await start(undefined, (cwd) => {
			mkdirSync(join(cwd, ".arbor/extensions"), { recursive: true });
			writeFileSync(
				join(cwd, ".arbor/extensions/merge-hook.mjs"),
				`export default (arbor) => arbor.on("session_before_tree", (e) => ({ summary: { summary: "HOOK-SUMMARY " + e.oldLeafId + " " + e.targetId + " " + e.entriesToSummarize.length } }));\n`,
			);
		});
		await selectRow(t, "aB", "aA");
		t.send("M");
		await t.waitForScreen((s) => s.includes("Merged aA into the current branch"), "merged");
		expect(fileEntries(file).at(-1)).toMatchObject({ type: "branch_summary", fromId: "aA", parentId: "aB", summary: "HOOK-SUMMARY aA aB 2", fromHook: true });
	});

	it("Shift+M without a summary model says so and writes nothing", async () => {
		const { t, file } = await start();
		const before = readFileSync(file);
		await selectRow(t, "aB", "aA");
		t.send("M");
		const shown = await t.waitForScreen((s) => s.includes("no model configured for summaries"), "no model");
		expect(shown).toContain("Session tree");
		expect(readFileSync(file).equals(before)).toBe(true);
	});

	it("Shift+M on an entry of the current branch says there is nothing to merge", async () => {
		const { t, file } = await start([textReply(SUMMARY)]);
		const before = readFileSync(file);
		await selectRow(t, "aB", "uB");
		t.send("M");
		await t.waitForScreen((s) => s.includes("Nothing to merge: uB is on the current branch"), "refused");
		expect(readFileSync(file).equals(before)).toBe(true);
	});
});
