import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { estimateContextTokens } from "../../source/llm/compaction.js";
import { listAllSessions, listSessions } from "../../source/session/listing.js";
import { SessionStore } from "../../source/session/store.js";
import { sessionDirFor } from "../../source/session/paths.js";
import type { BeforeCompactEvent } from "../../source/events/bus.js";
import { say, summarizer, tempDir, user } from "../navigation/helpers.js";
import { bigStore, setup, appTestHooks } from "./app-harness.js";

let unmount: (() => void) | undefined;
appTestHooks(() => {
	unmount?.();
	unmount = undefined;
});

/** A saved session in `cwd`'s folder under `home`, last modified `ageMs` ago. */
function saved(home: string, cwd: string, text: string, ageMs: number): string {
	const store = SessionStore.create({ cwd, sessionDir: sessionDirFor(cwd, home) });
	store.appendMessage(user(text));
	store.appendMessage(say(`answer to ${text}`));
	const file = store.file!;
	store.close();
	// A session's age is its last entry's time (listing.ts), so the entries are stamped in the past.
	const when = new Date(Date.now() - ageMs);
	const stamped = readFileSync(file, "utf8").replace(/"timestamp":"[^"]+"/g, `"timestamp":"${when.toISOString()}"`);
	writeFileSync(file, stamped);
	utimesSync(file, when, when);
	return file;
}


const lastEntry = (store: { snapshot(): { leafId: string | null; getEntry(id: string): unknown } }) => store.snapshot().getEntry(store.snapshot().leafId!);

describe("resume picker", () => {
	it("lists this folder's sessions, Tab shows all folders, typing filters, Enter opens", async () => {
		const home = tempDir();
		const here = join(home, "proj-a");
		const there = join(home, "proj-b");
		mkdirSync(here);
		mkdirSync(there);
		saved(home, here, "alpha apples", 2 * 3600_000);
		saved(home, here, "beta bananas", 5 * 60_000);
		const gamma = saved(home, there, "gamma grapes", 3 * 86400_000);
		const t = await setup({
			dir: here,
			options: { openPicker: "resume", home, sessionDir: sessionDirFor(here, home) },
			deps: { listSessions: () => listSessions(sessionDirFor(here, home)), listAllSessions: () => listAllSessions(home) },
		});
		unmount = t.unmount;
		await t.until(() => t.frame().includes("this folder"), "picker");
		const title = (scope: string) => `Resume a session — ${scope}\nTab all folders · type to search · Enter open · Ctrl+R rename · Ctrl+D to trash · Esc cancel`;
		// On the alternate screen the picker fills the terminal (24 rows, one spare): the status line is on the last row.
		expect(t.frame().split("\n").length).toBe(23);
		const squeezed = () => t.frame().replace(/\n+(test:m ·)/, "\n$1");
		expect(squeezed()).toBe(`\n${title("this folder")}\nSearch: ▏\n›    5m  beta bananas  (2)\n     2h  alpha apples  (2)\ntest:m · 0/? tokens · empty`);
		await t.press("\t");
		await t.until(() => t.frame().includes("all folders"), "all folders");
		expect(squeezed()).toBe(
			`\n${title("all folders")}\nSearch: ▏\n›    5m  ${here}  beta bananas  (2)\n     2h  ${here}  alpha apples  (2)\n     3d  ${there}  gamma grapes  (2)\ntest:m · 0/? tokens · empty`,
		);
		await t.press("grap");
		await t.until(() => t.frame().includes("Search: grap"), "search");
		expect(squeezed()).toBe(`\n${title("all folders")}\nSearch: grap▏\n›    3d  ${there}  gamma grapes  (2)\ntest:m · 0/? tokens · empty`);
		await t.press("\r");
		await t.until(() => t.frame().includes("Resumed"), "resumed");
		expect(t.current.store.file).toBe(gamma);
		expect(t.frame().endsWith(`› gamma grapes\n\nanswer to gamma grapes\n\n›\nResumed ${t.current.store.id}\ntest:m · 20/? tokens · leaf ${t.current.store.snapshot().leafId}`)).toBe(true);
	});
});

describe("session commands", () => {
	it("/new closes the saved session (its lock is free) and starts an empty one", async () => {
		const t = await setup({ store: (dir) => SessionStore.create({ cwd: dir, sessionDir: dir }) });
		unmount = t.unmount;
		await t.send("hi");
		await t.until(() => t.frame().includes("Hello there") && !t.frame().includes("Working"), "reply");
		const file = t.store.file!;
		await t.send("/new");
		await t.until(() => t.frame().includes("New session"), "new session");
		expect(t.current.store).not.toBe(t.store);
		expect(t.current.store.snapshot().entries).toEqual([]);
		expect(t.frame().endsWith("\n›\nNew session\ntest:m · 0/? tokens · empty")).toBe(true);
		const reopened = SessionStore.open(file, { write: true });
		expect(reopened.snapshot().entries.length).toBe(2);
		reopened.close();
	});

	it("/session shows file, id, counts and tokens", async () => {
		const t = await setup({ store: (dir) => SessionStore.create({ cwd: dir, sessionDir: dir }) });
		unmount = t.unmount;
		await t.send("hi");
		await t.until(() => t.frame().includes("Hello there") && !t.frame().includes("Working"), "reply");
		await t.send("/label here");
		await t.until(() => t.frame().includes("Labelled: here"), "label");
		await t.send("/session");
		const facts = `${t.store.file} · id ${t.store.id} · 3 entries, 3 on this path · ~20 tokens (context window of test:m unknown: declare contextWindow in models.json)`;
		await t.until(() => t.frame().includes("~20 tokens"), "facts");
		// The facts are longer than the 100-column test terminal: Ink wraps them (inside the temp
		// folder's path when it is long), so white space is left out of the comparison.
		const below = t.frame().split("\n›\n")[1]!;
		const squeeze = (text: string) => text.replace(/\s+/g, "");
		// The status line names the reply (the leaf the tree marks), not the hidden label entry.
		const reply = t.store.snapshot().entries.find((e) => e.type === "message" && e.message.role === "assistant")!;
		expect(squeeze(below)).toBe(squeeze(`${facts} test:m · 20/? tokens · leaf ${reply.id.slice(0, 8)}`));
	});
});

describe("/compact", () => {
	it("summarizes with the summary model, fires the bus events and reports the tokens before", async () => {
		const sum = summarizer(["SUMMARY ONE"]);
		const t = await setup({ store: bigStore, options: { summaryModel: sum.model } });
		unmount = t.unmount;
		const seen: BeforeCompactEvent[] = [];
		t.bus.on("session_before_compact", (e) => void seen.push(e));
		const before = estimateContextTokens(t.store.snapshot().buildContext().messages);
		await t.send("/compact focus on tests");
		await t.until(() => t.frame().includes("Compacted"), "compacted");
		expect(t.frame().split("\n").slice(-5)).toEqual([
			"[compaction] SUMMARY ONE",
			"",
			"›",
			`Compacted (${before} tokens before)`,
			`test:m · 60/? tokens · leaf ${t.store.snapshot().leafId}`,
		]);
		expect(lastEntry(t.store)).toMatchObject({ type: "compaction", summary: "SUMMARY ONE", tokensBefore: before });
		expect(seen.map((e) => e.customInstructions)).toEqual(["focus on tests"]);
		expect(sum.calls.length).toBe(1);
	});

	it("Esc cancels: spinner while summarizing, nothing written", async () => {
		const sum = summarizer([], { hold: true });
		const t = await setup({ store: bigStore, options: { summaryModel: sum.model } });
		unmount = t.unmount;
		const entries = t.store.snapshot().entries.length;
		await t.send("/compact");
		await t.until(() => t.frame().includes("Compacting… (Esc to cancel)"), "spinner");
		await t.press("\u001b");
		await t.until(() => t.frame().includes("Compaction cancelled"), "cancelled");
		expect(t.frame().split("\n").slice(-2)).toEqual(["Compaction cancelled", "test:m · 90/? tokens · leaf " + t.store.snapshot().leafId]);
		expect(t.store.snapshot().entries.length).toBe(entries);
	});

	it("a short session has nothing to compact", async () => {
		const t = await setup({ options: { summaryModel: summarizer([]).model } });
		unmount = t.unmount;
		await t.send("/compact");
		await t.until(() => t.frame().includes("Nothing to compact yet"), "nothing");
		expect(t.frame()).toBe("\n›\nNothing to compact yet\ntest:m · 0/? tokens · empty");
	});
});
