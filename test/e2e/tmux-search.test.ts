import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, HAS_CLI, startArbor, submitLine, tempPlace } from "../helpers/arbor-tmux.js";
import { writeBranchSessions } from "../helpers/branch-sessions.js";
import type { TmuxSession } from "../helpers/tmux.js";

let tmux: TmuxSession | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, dir });
	[tmux, dir] = [undefined, undefined];
});

function open(): { t: TmuxSession; branched: string } {
	const place = tempPlace("search");
	dir = place.dir;
	const { branched } = writeBranchSessions(place.dir, place.home);
	tmux = startArbor({ args: ["-s", branched], cwd: place.dir, home: place.home });
	return { t: tmux, branched };
}

describe.skipIf(!HAS_CLI)("/search in tmux", () => {
	it("lists hits of this folder; Enter opens /tree on the hit in this session; Esc returns to chat", async () => {
		const { t } = open();
		await t.waitForScreen((s) => s.includes("leaf aB"), "status line");
		await submitLine(t, "/search approach");
		const list = await t.waitForScreen((s) => s.includes('Search "approach"'), "hit list");
		expect(list).toContain("2 of 2 hits in 2 sessions (this folder)");
		expect(list).toMatch(/› .*uB {2}user ● {2}Try the banana approach/);
		expect(list).toMatch(/\n {2}.*uA {2}user {2}Try the apple approach/);
		t.send("Escape");
		await t.waitForScreen((s) => !s.includes('Search "approach"') && /›\s*\n/.test(s), "back to chat");
		await submitLine(t, "/search apple");
		await t.waitForScreen((s) => s.includes('Search "apple"'), "apple hits");
		t.send("Enter");
		const tree = await t.waitForScreen((s) => s.includes("Session tree"), "tree");
		expect(tree).toMatch(/› .*Try the apple approach/);
		t.send("Escape");
		await t.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
	});

	it("Enter on a hit in another session switches to it with /tree on the hit", async () => {
		const { t } = open();
		await t.waitForScreen((s) => s.includes("leaf aB"), "status line");
		t.type("/search zebra stripes");
		await t.waitForScreen((s) => s.includes("› /search zebra stripes"), "typed");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes('Search "zebra stripes"'), "hit list");
		t.send("Enter");
		const tree = await t.waitForScreen((s) => s.includes("Session tree") && s.includes("leaf z2"), "tree of the other session");
		expect(tree).toMatch(/› .*A zebra crossing has stripes/);
		expect(tree).toContain("Tell me about the zebra crossing");
	});

	it("no hit: a status message; a bad query: a status error and the text stays in the editor", async () => {
		const { t } = open();
		await t.waitForScreen((s) => s.includes("leaf aB"), "status line");
		await submitLine(t, "/search quokka");
		await t.waitForScreen((s) => s.includes('No matches for "quokka" in 2 sessions (all folders)'), "no matches");
		t.send("C-u");
		await submitLine(t, "/search re:(");
		const bad = await t.waitForScreen((s) => s.includes("Bad search:"), "bad query");
		expect(bad).toContain("› /search re:(");
	});
});
