import type { Key } from "ink";
import { afterEach, describe, expect, it } from "vitest";
import { TreeScreen, type TreeDone } from "../../source/ui/components/tree-screen.js";
import { labelKeyIntent, treeKeyIntent } from "../../source/ui/hooks/use-tree-keys.js";
import { editInstructions } from "../../source/ui/components/custom-instructions.js";
import { KEYS, mount, specExampleEntries, storeWith } from "./tree-test-session.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NO_KEY: Key = {
	upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
	return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
	super: false, hyper: false, capsLock: false, numLock: false,
};
const k = (over: Partial<Key>): Key => ({ ...NO_KEY, ...over });

describe("treeKeyIntent", () => {
	it("maps keys as tree-view.md lists them", () => {
		expect(treeKeyIntent("", k({ upArrow: true }))).toEqual({ type: "up" });
		expect(treeKeyIntent("", k({ leftArrow: true }))).toEqual({ type: "page-up" });
		expect(treeKeyIntent("", k({ rightArrow: true, ctrl: true }))).toEqual({ type: "unfold" });
		expect(treeKeyIntent("", k({ leftArrow: true, meta: true }))).toEqual({ type: "fold" });
		expect(treeKeyIntent("b", k({ meta: true }))).toEqual({ type: "fold" });
		expect(treeKeyIntent("", k({ pageDown: true }))).toEqual({ type: "page-down" });
		expect(treeKeyIntent("", k({ end: true }))).toEqual({ type: "end" });
		expect(treeKeyIntent("", k({ escape: true, meta: true }))).toEqual({ type: "escape" });
		expect(treeKeyIntent("c", k({ ctrl: true }))).toEqual({ type: "close" });
		expect(treeKeyIntent("t", k({ ctrl: true }))).toEqual({ type: "filter", filter: "no-tools" });
		expect(treeKeyIntent("x", k({ ctrl: true }))).toEqual({ type: "ignore" });
		expect(treeKeyIntent("L", k({ shift: true }))).toEqual({ type: "label-edit" });
		expect(treeKeyIntent("", k({ delete: true }))).toEqual({ type: "erase" });
		expect(treeKeyIntent("ab c", k({}))).toEqual({ type: "type", text: "ab c" });
	});
	it("label editor keys", () => {
		expect(labelKeyIntent("", k({ return: true }))).toEqual({ type: "save" });
		expect(labelKeyIntent("", k({ escape: true }))).toEqual({ type: "cancel" });
		expect(labelKeyIntent("u", k({ ctrl: true }))).toEqual({ type: "ignore" });
		expect(labelKeyIntent("L", k({ shift: true }))).toEqual({ type: "type", text: "L" });
	});
	it("instruction editor edits", () => {
		expect(editInstructions("a", "\n", k({}))).toBe("a\n");
		expect(editInstructions("a", "", k({ return: true, shift: true }))).toBe("a\n");
		expect(editInstructions("ab", "", k({ backspace: true }))).toBe("a");
		expect(editInstructions("a", "o", k({ ctrl: true }))).toBeUndefined();
		expect(editInstructions("a", "b\r\nc", k({}))).toBe("ab\nc");
	});
});

let cleanups: (() => void)[] = [];
afterEach(() => {
	for (const c of cleanups.reverse()) c();
	cleanups = [];
});

function setup(rows = 24) {
	const s = storeWith(specExampleEntries(), "uA2");
	const done: TreeDone[] = [];
	const ui = mount(<TreeScreen store={s.store} summaryModel={undefined} askSummary rows={rows} cols={80} initialFilter="default" onDone={(d) => done.push(d)} />);
	cleanups.push(s.cleanup, ui.unmount);
	return { ...ui, store: s.store, done };
}

describe("TreeScreen label editing", () => {
	it("Shift+L edits the label (prefilled), Enter saves, empty removes, Esc cancels", async () => {
		const t = setup();
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

describe("TreeScreen folding", () => {
	it("Ctrl+← folds, Ctrl+→ unfolds, and on other rows they jump between branch points", async () => {
		const t = setup();
		await t.press(KEYS.ctrlLeft); // the leaf cannot fold: jump to the previous branch point
		await t.until("› ⊟ • assistant: Of course! I can");
		await t.press(KEYS.ctrlLeft);
		await t.until("(2/2) [default]");
		expect(t.frame().split("\n").slice(3)).toEqual(["  • user: Hello, can you help", "› ⊞ • assistant: Of course! I can", "(2/2) [default]"]);
		await t.press(KEYS.ctrlRight);
		await t.until("(2/9) [default]");
		await t.press(KEYS.home);
		await t.until("(1/9)");
		await t.press(KEYS.ctrlRight); // u1 is not folded: jump to the next branch point
		await t.until("(2/9)");
	});

	it("keeps the window of max(5, rows/2) rows centred on the selection", async () => {
		const t = setup(10);
		await t.press(KEYS.home);
		await t.until("(1/9)");
		for (let i = 0; i < 4; i++) await t.press(KEYS.down);
		await t.until("(5/9)");
		expect(t.frame().split("\n").slice(3)).toEqual([
			"  ├─ • [checkpoint-1] user: Let's try approach A",
			"  │     • [read: src/a.ts]",
			"› │     • assistant: For approach A",
			"  │     • [compaction: 12k tokens]",
			"  │     • user: That worked, now ← active",
			"(5/9) [default]",
		]);
	});
});
