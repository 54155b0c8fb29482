import { useArborRun } from "../helpers/arbor-tmux.js";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editorTextOf } from "../../source/navigation/navigate.js";
import { SessionStore } from "../../source/session/store.js";
import { buildTreeRows } from "../../source/tree/build.js";
import type { TreeFilter } from "../../source/tree/types.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { FIXTURES_DIR } from "../helpers/shared.js";

const FIXTURE = join(FIXTURES_DIR, "pi-tree-session.jsonl");

const fx = useArborRun<ArborTerminal>();

function start(file: string, home: string): ArborTerminal {
	return startArbor({ args: ["--session", file], cwd: fx.dir!, home });
}

/** `(selected/visible) [filter]` as the selector shows it when opened on the leaf. */
function statusFor(file: string, filter: TreeFilter, up = 0): { status: string; rowId: string } {
	const store = SessionStore.open(file);
	const rows = buildTreeRows(store.snapshot(), { filter });
	const leafRow = rows.findIndex((r) => r.isLeaf || r.leafBelow);
	store.close();
	return { status: `(${leafRow + 1 - up}/${rows.length}) [${filter}]`, rowId: rows[leafRow - up]!.id };
}

async function quit(t: ArborTerminal): Promise<void> {
	t.send("C-u");
	await t.waitForScreen((s) => /›\n/.test(s), "empty editor");
	t.type("/quit");
	await t.waitForScreen((s) => s.includes("› /quit"), "typed /quit");
	t.send("Enter");
	await t.waitForScreen((s) => s.includes("[exit 0]"), "exit 0");
}

describe("/tree in the virtual terminal", () => {
	it("filters, selects a user message without a summary, and the move survives a restart", async () => {
		fx.dir = mkdtempSync(join(tmpdir(), "arbor-e2e-tree-"));
		const file = join(fx.dir, "pi-tree-session.jsonl");
		copyFileSync(FIXTURE, file);
		const home = join(fx.dir, "home");
		const initial = statusFor(file, "default");
		const user = statusFor(file, "user");
		const target = statusFor(file, "user", 1);
		const before = SessionStore.open(file);
		const targetEntry = before.snapshot().getEntry(target.rowId)!;
		const newLeaf = targetEntry.parentId!;
		const text = editorTextOf(targetEntry)!;
		before.close();

		fx.tmux = start(file, home);
		await fx.tmux.waitForScreen((s) => s.includes("leaf "), "status line");
		fx.tmux.type("/tree");
		await fx.tmux.waitForScreen((s) => s.includes("› /tree"), "typed /tree");
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => s.includes(initial.status) && s.includes("Session tree"), initial.status);
		fx.tmux.send("C-u");
		await fx.tmux.waitForScreen((s) => s.includes(user.status), user.status);
		fx.tmux.send("C-u");
		await fx.tmux.waitForScreen((s) => s.includes(initial.status), "back to default");
		fx.tmux.send("C-o");
		await fx.tmux.waitForScreen((s) => /\(\d+\/\d+\) \[all\]/.test(s), "[all]");
		fx.tmux.send("C-o");
		await fx.tmux.waitForScreen((s) => s.includes(initial.status), "default again");
		fx.tmux.send("C-u");
		await fx.tmux.waitForScreen((s) => s.includes(user.status), "user filter");
		fx.tmux.send("Up");
		await fx.tmux.waitForScreen((s) => s.includes(target.status), target.status);
		fx.tmux.send("Enter");
		const prompt = await fx.tmux.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "summary prompt");
		expect(prompt).toContain("› No summary\n  Summarize\n  Summarize with custom prompt\n");
		fx.tmux.send("Enter");
		const moved = await fx.tmux.waitForScreen((s) => s.includes("Navigated to selected point"), "navigated");
		expect(moved).toContain(`› ${text.slice(0, 60)}`);
		expect(moved).toContain(`leaf ${newLeaf.slice(0, 8)}`);
		await quit(fx.tmux);
		await fx.tmux.kill();

		fx.tmux = start(file, home);
		await fx.tmux.waitForScreen((s) => s.includes(`leaf ${newLeaf.slice(0, 8)}`), "same leaf after restart");
		const reopened = SessionStore.open(file);
		expect(reopened.snapshot().leafId).toBe(newLeaf);
		reopened.close();
		await quit(fx.tmux);
	}, 90_000);
});
