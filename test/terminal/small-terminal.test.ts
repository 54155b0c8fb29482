/**
 * The slash menu and /help at 80×24 (in-process terminal). The menu's long descriptions wrapped to
 * column 0 and pushed the editor's own line off the top of the screen: each command is now one row
 * cut at the width, and when they outnumber the room a window around the selected one shows with
 * its place `(k/n)`. /help was 45 rows high, its Keys section above the screen: it is now a page
 * at a time, scrolled with the lists' keys, descriptions wrapped under their column.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

const fx = useArborRun<ArborTerminal>();

/** arbor with no model in a fresh folder, at `cols`×`rows`, its status line shown. */
async function openAt(cols: number, rows: number): Promise<ArborTerminal> {
	({ dir: fx.dir } = tempPlace("small-terminal"));
	fx.tmux = startArbor({ args: [], cwd: fx.dir, home: join(fx.dir, "home"), cols, rows });
	await fx.tmux.waitForScreen((s) => s.includes("tokens · empty"), "status line");
	return fx.tmux;
}

/** Clears the editor (and the menu with it), then quits. */
async function clearAndQuit(t: ArborTerminal): Promise<void> {
	t.send("C-u");
	await quit(t);
}

/** The screen's rows from the editor's line down to the status line. */
function bottom(screen: string): string[] {
	const rows = screen.split("\n");
	const editor = rows.findIndex((r) => r.startsWith("› /"));
	const status = rows.findIndex((r) => r.includes("tokens · empty"));
	return editor === -1 || status === -1 ? [] : rows.slice(editor, status + 1);
}

describe("the slash menu in a small terminal", () => {
	it("at 80×24 the editor's line stays in view, one row a command, a window of them and its place; a shorter terminal gets a smaller window", async () => {
		const t = await openAt(80, 24);
		t.type("/");
		// 18 commands leave no room for all at 80×24 (one row each under the editor): a window, its place last.
		const open = await t.waitForScreen((s) => /\(1\/\d+\)/.test(s) && s.includes("tokens · empty"), "menu");
		const rows = bottom(open);
		expect(rows[0]).toBe("› /");
		expect(rows[1]).toMatch(/^› \/tree +browse the conversation tree/);
		// Every row under the editor is a command: two spaces or the cursor, then /name (no wrapped description).
		for (const row of rows.slice(1, -2)) expect(row).toMatch(/^(›| ) \//);
		expect(rows.at(-2)).toMatch(/^ {2}\(1\/\d+\)$/);
		expect(open).toMatch(/\n {2}\/thinking \[level\] +show or set the thinking level: off, minimal, low, me…\n/);
		// 14 rows leave room for 7 rows of the menu: a window of 6 commands and its place.
		t.resize(80, 14);
		// The 80×24 menu has its place too: wait for the smaller window (the editor, 7 rows, the status line).
		const small = await t.waitForScreen((s) => /\(1\/\d+\)/.test(s) && bottom(s).length === 9, "a window of the commands");
		const menu = bottom(small).slice(1, -1);
		expect(bottom(small)[0]).toBe("› /");
		expect(menu).toHaveLength(7);
		expect(menu[0]).toMatch(/^› \/tree /);
		const total = Number(/\((\d+)\/(\d+)\)/.exec(small)?.[2]);
		expect(menu[6]).toBe(`  (1/${total})`);
		// Up wraps to the last command; the window follows it.
		t.send("Up");
		const last = await t.waitForScreen((s) => /› \/quit +leave arbor/.test(s), "last command selected");
		expect(bottom(last)[0]).toBe("› /");
		expect(bottom(last).slice(1, -1).at(-1)).toBe(`  (${total}/${total})`);
		// A few matches need no window.
		t.type("un");
		const few = await t.waitForScreen((s) => s.includes("› /un") && s.includes("/undo-restore") && !s.includes("/tree "), "filtered");
		expect(few).not.toMatch(/\(\d+\/\d+\)/);
		await clearAndQuit(t);
	}, 60_000);

	it("shows every command, whole, when the terminal has room", async () => {
		const t = await openAt(160, 40);
		t.type("/");
		const open = await t.waitForScreen((s) => s.includes("/quit ") && s.includes("tokens · empty"), "menu");
		expect(open).toContain("/thinking [level]       show or set the thinking level: off, minimal, low, medium, high (Shift+Tab cycles)");
		expect(open).not.toMatch(/\(\d+\/\d+\)/);
		expect(open).not.toContain("…");
		await clearAndQuit(t);
	}, 60_000);

	it("/help at 80×24 starts at its Keys, a page at a time; PgDn scrolls, descriptions wrap under their column", async () => {
		const t = await openAt(80, 24);
		t.type("/help");
		t.send("Enter");
		const first = await t.waitForScreen((s) => /\(lines 1–\d+ of \d+ · ↑↓ PgUp PgDn scroll · any other key closes\)/.test(s), "a page of /help");
		expect(first).toMatch(/^Keys$/m);
		expect(first).toMatch(/^ {2}Enter +send \(with the @file list open: complete\);\n {20,}while a reply runs/m);
		t.send("NPage");
		const next = await t.waitForScreen((s) => !/\(lines 1–/.test(s) && s.includes("any other key closes)"), "the next page");
		expect(next).not.toMatch(/^Keys$/m);
		t.send("x");
		await t.waitForScreen((s) => !s.includes("key closes)") && /^›$/m.test(s), "help closed");
		await quit(t);
	}, 60_000);
});
