import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTreeRows } from "../../source/tree/rows.js";
import { SessionStore } from "../../source/session/store.js";
import { copyTreeFixture, quit, submitLine, tempPlace, treeRows, cleanUp } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";

let tmux: ArborTerminal | undefined;
let server: SseServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, server, dir });
	[tmux, server, dir] = [undefined, undefined, undefined];
});

/** Clears the editor (Ctrl+U) and waits for the empty prompt line. */
async function clearEditor(t: ArborTerminal): Promise<void> {
	t.send("C-u");
	await t.waitForScreen((s) => /^›$/m.test(s), "empty editor");
}

describe("commands and tree keys in the virtual terminal", () => {
	it("/help, an unknown /x, /label on the leaf (shown in /tree) and /name in the status line", async () => {
		({ dir } = tempPlace("screens"));
		const home = join(dir, "home");
		server = await startSseServer([textReply("Hi there.")]);
		tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", server.url], cwd: dir, home });
		await tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(tmux, "hello");
		await tmux.waitForScreen((s) => s.includes("Hi there.") && !s.includes("Working"), "reply");

		await submitLine(tmux, "/help");
		const help = await tmux.waitForScreen((s) => s.includes("(any key closes)"), "help");
		expect(help).toContain("Keys\n  Enter ");
		expect(help).toMatch(/\n {2}Ctrl\+O +expand \/ collapse every item of the transcript/);
		expect(help).toMatch(/\n {2}\/tree +browse the conversation tree and jump to any point\n/);
		expect(help).toMatch(/\n {2}\/label \[text\] +label the current point \(no text clears\)\n/);
		tmux.send("q");
		await tmux.waitForScreen((s) => !s.includes("(any key closes)") && /^›$/m.test(s), "help closed, editor empty");

		await submitLine(tmux, "/x");
		const unknown = await tmux.waitForScreen((s) => s.includes("Unknown command /x"), "unknown command");
		expect(unknown).toMatch(/\nUnknown command \/x\ncompat:test-model · /);
		await clearEditor(tmux);

		await submitLine(tmux, "/label x");
		await tmux.waitForScreen((s) => s.includes("Labelled: x"), "labelled");
		await submitLine(tmux, "/tree");
		const tree = await tmux.waitForScreen((s) => s.includes("Session tree"), "tree");
		expect(tree).toContain("  • user: hello\n› • [x] assistant: Hi there. ← active\n(2/2) [default]");
		tmux.send("Escape");
		await tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");

		await submitLine(tmux, "/name Demo");
		const named = await tmux.waitForScreen((s) => s.includes("Session named: Demo"), "named");
		expect(named).toMatch(/\nSession named: Demo\ncompat:test-model · Demo · /);
		await quit(tmux);
	}, 60_000);

	it("Shift+L edits a label in the tree; typing narrows the rows; Esc clears the search, then closes", async () => {
		({ dir } = tempPlace("tree-keys"));
		const home = join(dir, "home");
		const file = copyTreeFixture(dir);
		const { rows, leafIndex, leafId } = treeRows(file, "default");
		const opened = `(${leafIndex + 1}/${rows.length}) [default]`;
		tmux = startArbor({ args: ["--session", file], cwd: dir, home });
		await tmux.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(tmux, "/tree");
		await tmux.waitForScreen((s) => s.includes(opened), opened);

		tmux.send("L");
		await tmux.waitForScreen((s) => s.includes("Label: ▏ (Enter save · empty removes · Esc cancel)"), "label editor");
		tmux.type("mark-e2e");
		await tmux.waitForScreen((s) => s.includes("Label: mark-e2e▏"), "typed label");
		tmux.send("Enter");
		const labelled = await tmux.waitForScreen((s) => s.includes("[mark-e2e]"), "label on the row");
		expect(labelled).toMatch(/\n› .*\[mark-e2e\] assistant: .* ← active\n/);
		expect(labelled).toContain("Type to search");
		const store = SessionStore.open(file);
		expect(store.snapshot().getLabel(leafId!)).toBe("mark-e2e");
		// Type-to-search: the status counts only matching rows.
		const expected = buildTreeRows(store.snapshot(), { filter: "default", search: "mark-e2e" });
		store.close();
		tmux.type("mark-e2e");
		const searched = await tmux.waitForScreen((s) => s.includes("Search: mark-e2e"), "search");
		expect(searched).toContain(`(1/${expected.length}) [default]`);
		tmux.send("Escape");
		const cleared = await tmux.waitForScreen((s) => s.includes("Type to search"), "search cleared");
		expect(cleared).toContain(`${opened}\n`);
		tmux.send("Escape");
		await tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
		await quit(tmux);
	}, 60_000);

	it("a terminal resize re-lays out the open tree: half the new height, rows cut to the new width", async () => {
		({ dir } = tempPlace("resize"));
		const file = copyTreeFixture(dir);
		const { rows, leafIndex } = treeRows(file, "default");
		const opened = `(${leafIndex + 1}/${rows.length}) [default]`;
		tmux = startArbor({ args: ["--session", file], cwd: dir, home: join(dir, "home") });
		await tmux.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(tmux, "/tree");
		const before = await tmux.waitForScreen((s) => s.includes(opened), opened);
		expect(windowRows(before).length).toBe(20);
		tmux.resize(80, 20);
		const after = await tmux.waitForScreen((s) => windowRows(s).length === 10, "10 tree rows");
		const shown = windowRows(after);
		expect(shown.every((line) => line.length <= 80)).toBe(true);
		expect(shown.filter((line) => line.startsWith("› "))).toEqual([expect.stringMatching(/ assistant: .*… ← active$/)]);
		expect(after).toContain(`Session tree\n↑↓ move · Enter select`);
		expect(after).toContain(`\n${opened}\n`);
		tmux.send("Escape");
		await tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
		await quit(tmux);
	}, 60_000);

	// Ink re-lays out on resize without re-rendering React: the app follows resizes itself.
	it("the editor re-wraps at the new width after a resize", async () => {
		({ dir } = tempPlace("resize-editor"));
		tmux = startArbor({ args: [], cwd: dir, home: join(dir, "home") });
		await tmux.waitForScreen((s) => s.includes("no model"), "status line");
		tmux.resize(60, 20);
		tmux.type("abcdefghij ".repeat(9).trim());
		const wrapped = await tmux.waitForScreen((s) => s.includes("abcdefghij abcdefghij\n"), "typed text wrapped", 5_000);
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
