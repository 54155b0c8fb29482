import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { TreeDone } from "../../../source/ui/tree/tree-screen.js";
import { openTreeAgent, TreeHarness } from "./tree-harness.js";
import { treeHintLines } from "../../../source/ui/tree/use-tree-keys.js";
import { DEFAULT_KEYMAP } from "../../../source/ui/input/keymap.js";
import { SPEC_EXAMPLE_ROWS } from "../../tree/fake-view.js";
import { KEYS, mount, specExampleEntries, storeWith } from "./tree-test-session.js";
import { KeyInputProvider } from "../../../source/ui/input/use-keys.js";

/** Rows above the tree rows at 80 columns: the title, the hint lines, the search line. */
const HEAD = 2 + treeHintLines(DEFAULT_KEYMAP, 80).length;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let cleanups: (() => void)[] = [];
afterEach(() => {
	for (const c of cleanups.reverse()) c();
	cleanups = [];
});

async function setup(over: { askSummary?: boolean; rows?: number } = {}) {
	const s = storeWith(specExampleEntries(), "uA2");
	const agent = await openTreeAgent(s.store, undefined, cleanups);
	const done: TreeDone[] = [];
	const ui = mount(
		<TreeHarness agent={agent} store={s.store} summaryModel={undefined} askSummary={over.askSummary ?? true} rows={over.rows ?? 24} cols={80} initialFilter="default" onDone={(d) => done.push(d)} />,
	);
	cleanups.push(s.cleanup, ui.unmount);
	return { ...ui, store: s.store, done };
}

/** The spec's rows as /tree shows them: the branch point a1 carries the fold mark ⊟. */
const EXAMPLE_ROWS = SPEC_EXAMPLE_ROWS.map((row) => (row === "  • assistant: Of course! I can" ? "  ⊟ • assistant: Of course! I can" : row));
const hintLine = treeHintLines(DEFAULT_KEYMAP, 80).join("\n");

describe("TreeScreen selector", () => {
	it("opens on the leaf and renders the spec example", async () => {
		const t = await setup();
		expect(t.frame()).toBe(["Session tree", hintLine, "Type to search", ...EXAMPLE_ROWS, "(7/9) [default]"].join("\n"));
	});

	it("wraps ↑/↓ at both ends", async () => {
		const t = await setup();
		await t.press(KEYS.down);
		await t.until("› └─ user: Actually, approach B");
		await t.press(KEYS.down);
		await t.until("(9/9) [default]");
		await t.press(KEYS.down);
		await t.until("(1/9) [default]");
		expect(t.frame()).toContain("› • user: Hello, can you help");
		await t.press(KEYS.up);
		await t.until("(9/9) [default]");
		expect(t.frame()).toContain("›       assistant: For approach B");
	});

	it("toggles filters with Ctrl+U / Ctrl+O / Ctrl+T / Ctrl+L without typing letters", async () => {
		const t = await setup();
		await t.press(KEYS.ctrlU);
		await t.until("[user]");
		expect(t.frame().split("\n").slice(HEAD - 1)).toEqual([
			"Type to search",
			"  ⊟ • user: Hello, can you help",
			"  ├─ • [checkpoint-1] user: Let's try approach A",
			"› │     • user: That worked, now ← active",
			"  └─ user: Actually, approach B",
			"(3/4) [user]",
		]);
		await t.press(KEYS.ctrlU);
		await t.until("(7/9) [default]");
		await t.press(KEYS.ctrlO);
		await t.until("(8/12) [all]");
		await t.press(KEYS.ctrlT);
		await t.until("(6/8) [no-tools]");
		await t.press(KEYS.ctrlL);
		await t.until("(1/1) [labeled]");
		await t.press(KEYS.ctrlL);
		await t.until("(7/9) [default]");
		expect(t.frame()).toContain("Type to search");
	});

	it("shows No entries found and (0/0) for an empty search and keeps the selection", async () => {
		const t = await setup();
		await t.press("zzz");
		await t.until("(0/0) [default]");
		expect(t.frame().split("\n").slice(HEAD - 1)).toEqual(["Search: zzz", "  No entries found", "(0/0) [default]"]);
		await t.press(KEYS.esc);
		await t.until("(7/9) [default]");
		expect(t.done).toEqual([]);
	});

	it("type-to-search filters rows, Backspace edits, Esc clears then closes", async () => {
		const t = await setup();
		await t.press("approach b");
		await t.until("Search: approach b");
		expect(t.frame().split("\n").slice(HEAD)).toEqual(["› user: Actually, approach B", "  assistant: For approach B", "(1/2) [default]"]);
		await t.press(KEYS.backspace);
		await t.settle(() => t.frame().split("\n")[HEAD - 1] === "Search: approach");
		await t.press(KEYS.esc);
		await t.until("Type to search");
		await t.press(KEYS.esc);
		await t.settle(() => t.done.length === 1);
		expect(t.done).toEqual([{ kind: "closed" }]);
	});

	it("several keys in one input chunk (a held key) each move one row", async () => {
		const t = await setup();
		await t.press(KEYS.up + KEYS.up + KEYS.up);
		await t.until("(4/9) [default]");
		expect(t.frame()).toContain("› │     • [read: src/a.ts]");
	});

	it("a terminal resize re-lays out at once: window height and row width follow the new size", async () => {
		// The app passes the screen the rows and columns it leaves it, current after a resize
		// (the status line, the alternate screen's spare row): the screen follows those props.
		const s = storeWith(specExampleEntries(), "uA2");
		const agent = await openTreeAgent(s.store, undefined, cleanups);
		const harness = (rows: number, cols: number) => (
			<TreeHarness agent={agent} store={s.store} summaryModel={undefined} askSummary rows={rows} cols={cols} initialFilter="default" onDone={() => undefined} />
		);
		const t = mount(harness(10, 80));
		cleanups.push(s.cleanup, t.unmount);
		expect(t.frame().split("\n").slice(HEAD)).toEqual([...EXAMPLE_ROWS.slice(4, 9), "(7/9) [default]"]);
		const stdout = t.app.stdout as unknown as NodeJS.EventEmitter & { rows?: number; columns: number };
		await act(async () => {
			// The terminal's own width cuts Ink's lines (the hint); the props lay out the tree rows.
			Object.defineProperty(stdout, "rows", { value: 32, configurable: true });
			Object.defineProperty(stdout, "columns", { value: 30, configurable: true });
			stdout.emit("resize");
			// mount() renders under the input layer; the rerender keeps the same tree, so the state stays.
			t.app.rerender(<KeyInputProvider>{harness(30, 30)}</KeyInputProvider>);
		});
		await t.settle(() => t.frame().split("\n").length === 15);
		expect(t.frame().split("\n")).toEqual([
			"Session tree",
			"↑↓ move · Enter select",
			"Ctrl+← Ctrl+→ fold / unfold",
			"Shift+C compare · Shift+M mer…",
			"Type to search",
			"  • user: Hello, can you help",
			"  ⊟ • assistant: Of course! I…",
			"  ├─ • [checkpoint-1] user: L…",
			"  │     • [read: src/a.ts]",
			"  │     • assistant: For appr…",
			"  │     • [compaction: 12k to…",
			"› │     • user: That… ← active",
			"  └─ user: Actually, approach…",
			"        assistant: For approa…",
			"(7/9) [default]",
		]);
	});

	it("Ctrl+C closes", async () => {
		const t = await setup();
		await t.press(KEYS.ctrlC);
		await t.settle(() => t.done.length === 1);
		expect(t.done).toEqual([{ kind: "closed" }]);
	});

	it("Enter on the leaf closes with Already at this point", async () => {
		const t = await setup();
		await t.press(KEYS.enter);
		await t.settle(() => t.done.length === 1);
		expect(t.done).toEqual([{ kind: "closed", status: "Already at this point" }]);
	});

	it("Home/End and PgUp/PgDn move to the ends and by a page", async () => {
		const t = await setup({ rows: 10 }); // window of 5 rows
		await t.press(KEYS.home);
		await t.until("(1/9)");
		await t.press(KEYS.pageDown);
		await t.until("(6/9)");
		await t.press(KEYS.right);
		await t.until("(9/9)");
		await t.press(KEYS.left);
		await t.until("(4/9)");
		await t.press(KEYS.end);
		await t.until("(9/9)");
		expect(t.frame().split("\n").slice(HEAD)).toEqual([
			"  │     • assistant: For approach A",
			"  │     • [compaction: 12k tokens]",
			"  │     • user: That worked, now ← active",
			"  └─ user: Actually, approach B",
			"›       assistant: For approach B",
			"(9/9) [default]",
		]);
	});
});
