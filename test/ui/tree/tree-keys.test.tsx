import { afterEach, describe, expect, it } from "vitest";
import type { TreeDone } from "../../../source/ui/tree/tree-screen.js";
import { openTreeAgent, TreeHarness } from "./tree-harness.js";
import { treeKeyIntent } from "../../../source/ui/tree/use-tree-keys.js";
import { createKeyParser } from "../../../source/ui/input/parse-keys.js";
import { KEYS, mount, specExampleEntries, storeWith } from "./tree-test-session.js";
import { treeHintLines } from "../../../source/ui/tree/use-tree-keys.js";
import { DEFAULT_KEYMAP } from "../../../source/ui/input/keymap.js";

/** Rows above the tree rows at 80 columns: the title, the hint lines, the search line. */
const HEAD = 2 + treeHintLines(DEFAULT_KEYMAP, 80).length;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const intents = (read: string) => createKeyParser().push(read).map(treeKeyIntent);

describe("treeKeyIntent", () => {
	it("maps keys as tree-view.md lists them", () => {
		expect(intents(KEYS.up)).toEqual([{ type: "up" }]);
		expect(intents(KEYS.left)).toEqual([{ type: "page-up" }]);
		expect(intents(KEYS.ctrlRight)).toEqual([{ type: "unfold" }]);
		expect(intents("\x1b[1;3D")).toEqual([{ type: "fold" }]);
		expect(intents("\x1bb")).toEqual([{ type: "fold" }]);
		expect(intents(KEYS.pageDown)).toEqual([{ type: "page-down" }]);
		expect(intents(KEYS.end)).toEqual([{ type: "end" }]);
		expect(intents("\x1b")).toEqual([{ type: "escape" }]);
		expect(intents("\x03")).toEqual([{ type: "close" }]);
		expect(intents("\x14")).toEqual([{ type: "filter", filter: "no-tools" }]);
		expect(intents("\x18")).toEqual([{ type: "ignore" }]);
		expect(intents("L")).toEqual([{ type: "label-edit" }]);
		expect(intents("C")).toEqual([{ type: "mark" }]);
		expect(intents("M")).toEqual([{ type: "merge" }]);
		expect(intents("\x1b[99;2u")).toEqual([{ type: "mark" }]); // kitty: Shift+C
		expect(intents("m")).toEqual([{ type: "type", text: "m" }]);
		expect(intents("\x7f")).toEqual([{ type: "erase" }]);
		expect(intents("ab c")).toEqual([{ type: "type", text: "ab c" }]);
	});
	it("Enter and Ctrl+Enter select; Shift+Enter and Alt+Enter do nothing (as before the keymap, c297249)", () => {
		expect(intents("\r")).toEqual([{ type: "select" }]);
		expect(intents("\x1b[13;5u")).toEqual([{ type: "select" }]); // kitty: Ctrl+Enter
		expect(intents("\x1b[27;5;13~")).toEqual([{ type: "select" }]); // xterm modifyOtherKeys: Ctrl+Enter
		expect(intents("\x1b[13;2u")).toEqual([{ type: "ignore" }]);
		expect(intents("\x1b\r")).toEqual([{ type: "ignore" }]);
	});
	it("keys of one read stay separate and in order", () => {
		expect(intents("\x1b[B\x1b[B\r")).toEqual([{ type: "down" }, { type: "down" }, { type: "select" }]);
		expect(intents("ab\x7f\x7f")).toEqual([{ type: "type", text: "ab" }, { type: "erase" }, { type: "erase" }]);
	});
});

let cleanups: (() => void)[] = [];
afterEach(() => {
	for (const c of cleanups.reverse()) c();
	cleanups = [];
});

async function setup(rows = 24) {
	const s = storeWith(specExampleEntries(), "uA2");
	const agent = await openTreeAgent(s.store, undefined, cleanups);
	const done: TreeDone[] = [];
	const ui = mount(<TreeHarness agent={agent} store={s.store} summaryModel={undefined} askSummary rows={rows} cols={80} initialFilter="default" onDone={(d) => done.push(d)} />);
	cleanups.push(s.cleanup, ui.unmount);
	return { ...ui, store: s.store, done };
}

describe("TreeScreen label editing", () => {
	it("Shift+L edits the label (prefilled), Enter saves, empty removes, Esc cancels", async () => {
		const t = await setup();
		await t.press(KEYS.up);
		await t.press(KEYS.up);
		await t.press(KEYS.up);
		await t.press(KEYS.up);
		await t.until("› ├─ • [checkpoint-1] user: Let's try approach A");
		await t.press("L");
		await t.until("Label: checkpoint-1▏ (Enter save · empty removes · Esc cancel)");
		await t.press(KEYS.backspace);
		await t.press("9");
		await t.press(KEYS.enter);
		await t.until("› ├─ • [checkpoint-9] user:");
		expect(t.store.snapshot().getLabel("uA")).toBe("checkpoint-9");
		await t.press("L");
		await t.until("Label: checkpoint-9▏");
		await t.press("x");
		await t.press(KEYS.esc);
		await t.until("Type to search");
		expect(t.store.snapshot().getLabel("uA")).toBe("checkpoint-9");
		await t.press("L");
		for (let i = 0; i < "checkpoint-9".length; i++) await t.press(KEYS.backspace);
		await t.until("Label: ▏");
		await t.press(KEYS.enter);
		await t.until("› ├─ • user: Let's try approach A");
		expect(t.store.snapshot().getLabel("uA")).toBeUndefined();
	});
});

describe("TreeScreen keys in one read", () => {
	it("Up Up Enter in one read chooses the row two up; Backspaces in one read each erase in the label editor", async () => {
		const t = await setup();
		await t.press("L");
		await t.until("Label: ▏");
		await t.press("abc😀");
		await t.until("Label: abc😀▏");
		await t.press(KEYS.backspace + KEYS.backspace + KEYS.left);
		await t.until("Label: a▏b (Enter");
		await t.press("X" + KEYS.esc);
		await t.until("Type to search");
		await t.press(KEYS.up + KEYS.up + KEYS.up + KEYS.up + KEYS.enter);
		await t.until("Summarize the branch");
		await t.press(KEYS.esc);
		await t.until("› ├─ • [checkpoint-1] user: Let's try approach A");
	});
});

describe("TreeScreen folding", () => {
	it("Ctrl+← folds, Ctrl+→ unfolds, and on other rows they jump between branch points", async () => {
		const t = await setup();
		await t.press(KEYS.ctrlLeft); // the leaf cannot fold: jump to the previous branch point
		await t.until("› ⊟ • assistant: Of course! I can");
		await t.press(KEYS.ctrlLeft);
		await t.until("(2/2) [default]");
		expect(t.frame().split("\n").slice(HEAD)).toEqual(["  • user: Hello, can you help", "› ⊞ • assistant: Of course! I can", "(2/2) [default]"]);
		await t.press(KEYS.ctrlRight);
		await t.until("(2/9) [default]");
		await t.press(KEYS.home);
		await t.until("(1/9)");
		await t.press(KEYS.ctrlRight); // u1 is not folded: jump to the next branch point
		await t.until("(2/9)");
	});

	it("keeps the window of max(5, rows/2) rows centred on the selection", async () => {
		const t = await setup(10);
		await t.press(KEYS.home);
		await t.until("(1/9)");
		for (let i = 0; i < 4; i++) await t.press(KEYS.down);
		await t.until("(5/9)");
		expect(t.frame().split("\n").slice(HEAD)).toEqual([
			"  ├─ • [checkpoint-1] user: Let's try approach A",
			"  │     • [read: src/a.ts]",
			"› │     • assistant: For approach A",
			"  │     • [compaction: 12k tokens]",
			"  │     • user: That worked, now ← active",
			"(5/9) [default]",
		]);
	});
});
