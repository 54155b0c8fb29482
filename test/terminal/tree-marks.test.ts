import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { buildTreeRows } from "../../source/tree/build.js";
import { formatTreeRowParts } from "../../source/tree/format.js";
import { labelTimeText } from "../../source/tree/format.js";
import { copyTreeFixture, fileEntries, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

const fx = useArborRun<ArborTerminal>();

/** The fixture's leaf: an assistant reply. */
const LEAF = "428890f6";

async function openTree(t: ArborTerminal): Promise<string> {
	await submitLine(t, "/tree");
	return t.waitForScreen((s) => s.includes("Session tree") && /\(\d+\/\d+\) \[default\]/.test(s), "tree");
}

describe("the tree's leaf and fold marks in the virtual terminal", () => {
	it("/label, the status line and Enter on ← active use the reply, not a trailing /name or /label entry", async () => {
		({ dir: fx.dir } = tempPlace("marks"));
		const file = copyTreeFixture(fx.dir);
		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes(`leaf ${LEAF}`), "status line");
		await submitLine(fx.tmux, "/name Demo");
		await fx.tmux.waitForScreen((s) => s.includes("Session named: Demo"), "named");
		await submitLine(fx.tmux, "/label first");
		const labelled = await fx.tmux.waitForScreen((s) => s.includes("Labelled: first"), "labelled");
		expect(labelled).toMatch(new RegExp(`· Demo · .* · leaf ${LEAF}\\n`));
		await submitLine(fx.tmux, "/label second");
		await fx.tmux.waitForScreen((s) => s.includes("Labelled: second"), "labelled again");
		const tree = await openTree(fx.tmux);
		expect(tree).toMatch(/› .*• \[second\] assistant: .* ← active\n/);
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => s.includes("Already at this point"), "already here");
		await submitLine(fx.tmux, "/label");
		await fx.tmux.waitForScreen((s) => s.includes("Label cleared"), "cleared");
		const labels = fileEntries(file).filter((x) => x.type === "label").slice(-3);
		expect(labels.map((x) => [x.targetId, x.label])).toEqual([[LEAF, "first"], [LEAF, "second"], [LEAF, undefined]]);
		expect(fileEntries(file).some((x) => x.type === "custom" && x.customType === "arbor.leaf")).toBe(false);
		const after = await openTree(fx.tmux);
		expect(after).toMatch(/› .*• assistant: .* ← active\n/);
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
		await quit(fx.tmux);
	}, 60_000);

	it("⊟ marks branch points; a filter hiding the leaf shows ↓ active; Esc after a search keeps the match", async () => {
		({ dir: fx.dir } = tempPlace("marks"));
		const file = copyTreeFixture(fx.dir);
		const store = SessionStore.open(file);
		const rows = buildTreeRows(store.snapshot(), { filter: "default" });
		const found = buildTreeRows(store.snapshot(), { filter: "default", search: "naïve" });
		store.close();
		// The first match is shown selected while searching; Esc must keep it (not jump back to the leaf).
		const match = rows.findIndex((r) => r.id === found[0]!.id);
		expect(match).toBeLessThan(rows.length - 20);
		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes(`leaf ${LEAF}`), "status line");
		const tree = await openTree(fx.tmux);
		expect(tree.match(/← active/g)).toHaveLength(1);
		fx.tmux.send("C-u");
		const user = await fx.tmux.waitForScreen((s) => s.includes("[user]"), "user filter");
		expect(user).not.toContain("← active");
		expect(user).toMatch(/› .*• user: .* ↓ active\n/);
		fx.tmux.send("C-u");
		await fx.tmux.waitForScreen((s) => s.includes("[default]"), "default again");
		fx.tmux.send("Home");
		const top = await fx.tmux.waitForScreen((s) => s.includes(`(1/${rows.length}) [default]`), "first row");
		expect(top).toContain("› ├─ ⊟ • user: bash reducer reducer model error\n");
		// Shift+T shows when each label was set; again hides it.
		const labelled = rows.find((r) => r.label === "cp-68")!;
		const time = labelTimeText(labelled.labelTime!);
		expect(formatTreeRowParts(labelled, { width: 200, selected: false, labelTimes: true }).label).toBe(`[cp-68 · ${time}] `);
		fx.tmux.send("T");
		await fx.tmux.waitForScreen((s) => s.includes(`[cp-68 · ${time}] user:`), "label time");
		fx.tmux.send("T");
		await fx.tmux.waitForScreen((s) => s.includes("[cp-68] user:"), "label time hidden");
		fx.tmux.type("naïve");
		await fx.tmux.waitForScreen((s) => s.includes("Search: naïve") && s.includes(`(1/${found.length}) [default]`), "matches");
		fx.tmux.send("Escape");
		const cleared = await fx.tmux.waitForScreen((s) => s.includes("Type to search"), "search cleared");
		expect(cleared).toContain(`(${match + 1}/${rows.length}) [default]`);
		expect(cleared).toContain(`› ${rows[match]!.gutter}⊟ [cp-68] user: model ink token`);
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
		await quit(fx.tmux);
	}, 60_000);
});
