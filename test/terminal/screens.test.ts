import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTreeRows } from "../../source/tree/build.js";
import { SessionStore } from "../../source/session/store.js";
import { copyTreeFixture, quit, submitLine, tempPlace, treeRows, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { writeChatSession } from "../helpers/hostile.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

/** Clears the editor (Ctrl+U) and waits for the empty prompt line. */
async function clearEditor(t: ArborTerminal): Promise<void> {
	t.send("C-u");
	await t.waitForScreen((s) => /^›$/m.test(s), "empty editor");
}

describe("commands and tree keys in the virtual terminal", () => {
	it("/help, an unknown /x, /label on the leaf (shown in /tree) and /name in the status line", async () => {
		({ dir: fx.dir } = tempPlace("screens"));
		const home = join(fx.dir, "home");
		fx.server = await startSseServer([textReply("Hi there.")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "hello");
		await fx.tmux.waitForScreen((s) => s.includes("Hi there.") && !s.includes("Working"), "reply");

		await submitLine(fx.tmux, "/help");
		const help = await fx.tmux.waitForScreen((s) => s.includes("key closes)"), "help");
		expect(help).toContain("Keys\n  Enter ");
		expect(help).toMatch(/\n {2}Ctrl\+O +expand \/ collapse every item of the transcript/);
		expect(help).toMatch(/\n {2}\/tree +browse the conversation tree and jump to any point\n/);
		expect(help).toMatch(/\n {2}\/label \[text\] +label the current point \(no text clears\)\n/);
		fx.tmux.send("q");
		await fx.tmux.waitForScreen((s) => !s.includes("key closes)") && /^›$/m.test(s), "help closed, editor empty");

		await submitLine(fx.tmux, "/x");
		const unknown = await fx.tmux.waitForScreen((s) => s.includes("Unknown command /x"), "unknown command");
		expect(unknown).toMatch(/\nUnknown command \/x\ncompat:test-model · /);
		await clearEditor(fx.tmux);

		await submitLine(fx.tmux, "/label x");
		await fx.tmux.waitForScreen((s) => s.includes("Labelled: x"), "labelled");
		await submitLine(fx.tmux, "/tree");
		const tree = await fx.tmux.waitForScreen((s) => s.includes("Session tree"), "tree");
		expect(tree).toContain("  • user: hello\n› • [x] assistant: Hi there. ← active\n(2/2) [default]");
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");

		await submitLine(fx.tmux, "/name Demo");
		const named = await fx.tmux.waitForScreen((s) => s.includes("Session named: Demo"), "named");
		expect(named).toMatch(/\nSession named: Demo\ncompat:test-model · Demo · /);
		await quit(fx.tmux);
	}, 60_000);

	it("Shift+L edits a label in the tree; typing narrows the rows; Esc clears the search, then closes", async () => {
		({ dir: fx.dir } = tempPlace("tree-keys"));
		const home = join(fx.dir, "home");
		const file = copyTreeFixture(fx.dir);
		const { rows, leafIndex, leafId } = treeRows(file, "default");
		const opened = `(${leafIndex + 1}/${rows.length}) [default]`;
		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(fx.tmux, "/tree");
		await fx.tmux.waitForScreen((s) => s.includes(opened), opened);

		fx.tmux.send("L");
		await fx.tmux.waitForScreen((s) => s.includes("Label: ▏ (Enter save · empty removes · Esc cancel)"), "label editor");
		fx.tmux.type("mark-e2e");
		await fx.tmux.waitForScreen((s) => s.includes("Label: mark-e2e▏"), "typed label");
		fx.tmux.send("Enter");
		const labelled = await fx.tmux.waitForScreen((s) => s.includes("[mark-e2e]"), "label on the row");
		expect(labelled).toMatch(/\n› .*\[mark-e2e\] assistant: .* ← active\n/);
		expect(labelled).toContain("Type to search");
		const store = SessionStore.open(file);
		expect(store.snapshot().getLabel(leafId!)).toBe("mark-e2e");
		// Type-to-search: the status counts only matching rows.
		const expected = buildTreeRows(store.snapshot(), { filter: "default", search: "mark-e2e" });
		store.close();
		fx.tmux.type("mark-e2e");
		const searched = await fx.tmux.waitForScreen((s) => s.includes("Search: mark-e2e"), "search");
		expect(searched).toContain(`(1/${expected.length}) [default]`);
		fx.tmux.send("Escape");
		const cleared = await fx.tmux.waitForScreen((s) => s.includes("Type to search"), "search cleared");
		expect(cleared).toContain(`${opened}\n`);
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
		await quit(fx.tmux);
	}, 60_000);

	it("a terminal resize re-lays out the open tree: half the rows the app leaves it at the new height, rows cut to the new width", async () => {
		({ dir: fx.dir } = tempPlace("resize"));
		const file = copyTreeFixture(fx.dir);
		const { rows, leafIndex } = treeRows(file, "default");
		const opened = `(${leafIndex + 1}/${rows.length}) [default]`;
		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(fx.tmux, "/tree");
		const before = await fx.tmux.waitForScreen((s) => s.includes(opened), opened);
		// The tree takes half the rows the app leaves it: on the alternate screen, the terminal's less
		// the status line and the spare row (Ink clears the scrollback when a frame fills the terminal).
		expect(windowRows(before).length).toBe(19); // (40 - 2) / 2
		fx.tmux.resize(80, 20);
		const after = await fx.tmux.waitForScreen((s) => windowRows(s).length === 9, "9 tree rows"); // (20 - 2) / 2
		const shown = windowRows(after);
		expect(shown.every((line) => line.length <= 80)).toBe(true);
		expect(shown.filter((line) => line.startsWith("› "))).toEqual([expect.stringMatching(/ assistant: .*… ← active$/)]);
		expect(after).toContain(`Session tree\n↑↓ move · Enter select`);
		expect(after).toContain(`\n${opened}\n`);
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
		await quit(fx.tmux);
	}, 60_000);

	// Ink re-lays out on resize without re-rendering React: the app follows resizes itself.
	it("the editor re-wraps at the new width after a resize", async () => {
		({ dir: fx.dir } = tempPlace("resize-editor"));
		fx.tmux = startArbor({ args: [], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("no model"), "status line");
		fx.tmux.resize(60, 20);
		fx.tmux.type("abcdefghij ".repeat(9).trim());
		const wrapped = await fx.tmux.waitForScreen((s) => s.includes("abcdefghij abcdefghij\n"), "typed text wrapped", 5_000);
		expect(wrapped).toContain("› abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij\n  abcdefghij abcdefghij abcdefghij abcdefghij\n");
	});
});

/** The tree rows on screen: the lines between the search line and the `(n/m) [filter]` status. */
function windowRows(screen: string): string[] {
	const lines = screen.split("\n");
	const from = lines.findIndex((l) => l === "Type to search" || l.startsWith("Search: "));
	const to = lines.findIndex((l) => /^\(\d+\/\d+\) \[/.test(l));
	return from < 0 || to < 0 ? [] : lines.slice(from + 1, to);
}

// Moved from test/e2e/tmux-output.test.ts: a screen check, no real terminal needed.
describe("Markdown in the virtual terminal", () => {
	it("Markdown keeps every character, aligns tables and prints links as text (url)", async () => {
		const { dir, home } = tempPlace("markdown");
		fx.dir = dir;
		const reply = "Use glob **/*.ts and *.js here.\n\n| name | n |\n|:--|--:|\n| 一二三 | 1 |\n| ab | 100 |\n\nSee [the docs](https://x.dev/a).";
		const file = writeChatSession(join(dir, "md.jsonl"), { user: "format", reply });
		const t = (fx.tmux = startArbor({ args: ["--session", file], home, cwd: dir }));
		const screen = await t.waitForScreen((s) => s.includes("See the docs"), "rendered reply");
		expect(screen).toContain("Use glob **/*.ts and *.js here.");
		expect(screen).toContain("name   │   n\n───────┼────\n一二三 │   1\nab     │ 100");
		expect(screen).toContain("See the docs (https://x.dev/a).");
	});
});
