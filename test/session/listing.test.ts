import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { arborHome, sessionDirFor } from "../../source/session/paths.js";
import { listAllSessions, listSessions, mostRecentSession } from "../../source/session/listing.js";
import { resolveSession } from "../../source/session/resolve-session.js";
import { SessionError } from "../../source/session/types.js";
import { readWorked, recordWorked, WORKED_FILE } from "../../source/session/worked.js";
import { itLarge } from "../helpers/large.js";
import { entry, readFileCalls, tempDir, writeJsonl } from "./helpers.js";

let home: string;
beforeEach(() => {
	home = tempDir();
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

/** A session file; its last entry (before any renames) is stamped `last` (ISO) when given, and its mtime is set to `mtime` seconds. */
function session(dir: string, id: string, opts: { mtime: number; name?: string; parent?: string; last?: string }): string {
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, `2026-01-01T00-00-00-000Z_${id}.jsonl`);
	const header: Record<string, unknown> = { type: "session", version: 3, id, timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w/p" };
	if (opts.parent) header.parentSession = opts.parent;
	const items: unknown[] = [header, entry("a1", null, { type: "model_change", provider: "p", modelId: "m" })];
	items.push(entry("a2", "a1", { message: { role: "user", content: [{ type: "text", text: "hello" }, { type: "text", text: "world" }], timestamp: 1 } }));
	if (opts.name) items.push(entry("a3", "a2", { type: "session_info", name: "old" }), entry("a4", "a3", { type: "session_info", name: opts.name }));
	// A rename is not work: `last` stamps the newest entry that is not a session_info.
	if (opts.last) (items.filter((e) => (e as { type?: string }).type !== "session_info").at(-1) as { timestamp: string }).timestamp = opts.last;
	writeJsonl(file, items);
	fs.utimesSync(file, opts.mtime, opts.mtime);
	return file;
}

describe("listing", () => {
	itLarge("reads a session in chunks, never whole: counts, first message, name and cost past a chunk (1 MiB) and across a line longer than one", () => {
		const dir = sessionDirFor("/w/p", home);
		const file = session(dir, "dddd4444-0000-4000-8000-000000000000", { mtime: 1000 });
		const lines: string[] = [];
		for (let i = 0; i < 5_000; i++) lines.push(JSON.stringify(entry(`c${i}`, i ? `c${i - 1}` : "a2", { message: { role: "assistant", content: [{ type: "text", text: "x".repeat(300) }], usage: { cost: { total: 0.001 } }, timestamp: 2 } })));
		lines.push(JSON.stringify(entry("big", "c4999", { message: { role: "user", content: "é".repeat(1_500_000), timestamp: 3 } })));
		lines.push(JSON.stringify(entry("n1", "big", { type: "session_info", name: "  Far down  " })));
		fs.appendFileSync(file, `${lines.join("\n")}\n`);
		const { result, files } = readFileCalls(() => listSessions(dir, { cost: true }));
		expect(files.filter((f) => f === file)).toEqual([]);
		expect(result).toHaveLength(1);
		expect(result[0]).toMatchObject({ entryCount: 2 + 5_002, firstMessage: "hello world", name: "Far down" });
		expect(result[0]?.cost).toBeCloseTo(5, 6);
	});

	it("with cost: every reply's cost, both branches, from the bytes the listing reads (a damaged line and a user's word \"cost\" count nothing)", () => {
		const dir = sessionDirFor("/w/p", home);
		const file = session(dir, "cccc3333-0000-4000-8000-000000000000", { mtime: 1000 });
		const reply = (id: string, parent: string, total: number) =>
			JSON.stringify(entry(id, parent, { message: { role: "assistant", content: [{ type: "text", text: "ok" }], usage: { cost: { total } }, timestamp: 2 } }));
		fs.appendFileSync(
			file,
			[
				reply("b1", "a2", 0.25),
				reply("b2", "a2", 0.5),
				JSON.stringify(entry("b3", "b1", { message: { role: "user", content: 'what does "cost" mean for the assistant', timestamp: 3 } })),
				'{"type":"message","id":"b4","parentId":"b1","message":{"role":"assistant","usage":{"cost":{"total":9',
				"",
			].join("\n"),
		);
		const [listed] = listSessions(dir, { cost: true });
		expect(listed?.cost).toBeCloseTo(0.75, 10);
		expect(listSessions(dir)[0]).not.toHaveProperty("cost");
		expect(listAllSessions(home, { cost: true })[0]?.cost).toBeCloseTo(0.75, 10);
	});


	it("arborHome and sessionDirFor follow pi's folder naming", () => {
		expect(arborHome({ ARBOR_HOME: "/x/y" })).toBe("/x/y");
		expect(arborHome({ HOME: "/h" }).endsWith(`${path.sep}.arbor`)).toBe(true);
		expect(sessionDirFor("/work/my proj/a", "/h")).toBe("/h/sessions/--work-my proj-a--");
		expect(sessionDirFor("C:\\Users\\me", "/h")).toBe("/h/sessions/--C--Users-me--");
	});

	it("a cwd too long for one folder name gets a name that fits: its start, a hash of the cwd, its end", () => {
		const long = `/${"p".repeat(100)}/${"é".repeat(100)}/${"q".repeat(100)}`;
		const name = path.basename(sessionDirFor(long, "/h"));
		expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
		expect(name).toMatch(/^--p{100}-é{9}-[0-9a-f]{16}-q{100}--$/);
		expect(sessionDirFor(long, "/h")).toBe(sessionDirFor(long, "/h"));
		expect(sessionDirFor(`${long}x`, "/h")).not.toBe(sessionDirFor(long, "/h"));
		// Right at the limit the pi name is kept.
		const fits = `/${"a".repeat(251)}`;
		expect(path.basename(sessionDirFor(fits, "/h"))).toBe(`--${"a".repeat(251)}--`);
	});

	it("lists newest first with name, first message, counts; skips and reports bad files", () => {
		const dir = sessionDirFor("/w/p", home);
		const older = session(dir, "aaaa1111-0000-4000-8000-000000000000", { mtime: 1000, name: "Named", last: "2026-01-01T10:00:00.000Z" });
		const newer = session(dir, "bbbb2222-0000-4000-8000-000000000000", { mtime: 2000, parent: older, last: "2026-01-01T11:00:00.000Z" });
		fs.writeFileSync(path.join(dir, "broken.jsonl"), "nope\n");
		fs.writeFileSync(path.join(dir, "notes.txt"), "x");
		const skipped: string[] = [];
		const list = listSessions(dir, { onSkip: (file, error) => skipped.push(`${path.basename(file)}: ${error.message}`) });
		expect(list).toEqual([
			{ file: newer, id: "bbbb2222-0000-4000-8000-000000000000", cwd: "/w/p", firstMessage: "hello world", entryCount: 2, modified: new Date("2026-01-01T11:00:00.000Z"), parentSession: older },
			{ file: older, id: "aaaa1111-0000-4000-8000-000000000000", cwd: "/w/p", name: "Named", firstMessage: "hello world", entryCount: 4, modified: new Date("2026-01-01T10:00:00.000Z") },
		]);
		expect(skipped).toEqual([`broken.jsonl: ${path.join(dir, "broken.jsonl")}: line 1 is not a session header`]);
		expect(mostRecentSession(dir)).toBe(newer);
		expect(listSessions(path.join(home, "missing"))).toEqual([]);
		expect(mostRecentSession(path.join(home, "missing"))).toBeUndefined();
	});

	it("resolveSession: path, id prefix here, then anywhere; ambiguous and not-found errors", () => {
		const here = sessionDirFor("/w/p", home);
		const there = sessionDirFor("/w/q", home);
		const a = session(here, "abc11111-0000-4000-8000-000000000000", { mtime: 1000 });
		const b = session(there, "abc22222-0000-4000-8000-000000000000", { mtime: 2000 });
		const c = session(there, "fff33333-0000-4000-8000-000000000000", { mtime: 3000 });
		const opts = { cwd: "/w/p", home };
		expect(resolveSession(a, opts)).toBe(a);
		expect(resolveSession(path.relative(home, b), { ...opts, cwd: home })).toBe(b);
		expect(resolveSession("abc", opts)).toBe(a);
		expect(resolveSession("fff", opts)).toBe(c);
		expect(resolveSession("abc22222-0000-4000-8000-000000000000", opts)).toBe(b);
		expect(listAllSessions(home).map((s) => s.file)).toEqual([c, b, a]);
		expect(resolveSession("abc", { cwd: "/w/q", home })).toBe(b); // this project's sessions come first
		expect(() => resolveSession("abc", { cwd: "/w/r", home })).toThrow(
			new SessionError("ambiguous", 'session id prefix "abc" matches 2 sessions: abc22222-0000-4000-8000-000000000000, abc11111-0000-4000-8000-000000000000'),
		);
		expect(resolveSession("abc2", { cwd: "/w/r", home })).toBe(b);
		expect(() => resolveSession("zzz", opts)).toThrow(new SessionError("not-found", 'no session file or id matching "zzz"'));
	});

	it("orders by the last entry's time, read from the tail: a touched or copied file does not jump ahead", () => {
		const dir = sessionDirFor("/w/p", home);
		const used = session(dir, "cccc1111-0000-4000-8000-000000000000", { mtime: 1000, last: "2026-03-01T12:00:00.000Z" });
		const touched = session(dir, "dddd2222-0000-4000-8000-000000000000", { mtime: 1000, last: "2026-02-01T12:00:00.000Z" });
		const now = Date.now() / 1000;
		fs.utimesSync(touched, now, now);
		const copy = path.join(dir, "2026-01-02T00-00-00-000Z_eeee3333-0000-4000-8000-000000000000.jsonl");
		fs.copyFileSync(touched, copy);
		expect(fs.statSync(copy).mtimeMs).toBeGreaterThan(fs.statSync(used).mtimeMs);
		const list = listSessions(dir);
		expect(list.map((s) => [s.file, s.modified.toISOString()])).toEqual([
			[used, "2026-03-01T12:00:00.000Z"],
			[copy, "2026-02-01T12:00:00.000Z"],
			[touched, "2026-02-01T12:00:00.000Z"],
		]);
		expect(mostRecentSession(dir)).toBe(used);
		expect(listAllSessions(home).map((s) => s.file)).toEqual([used, copy, touched]);
	});

	it("the last line that parses counts: torn tails, damaged lines, long lines, header-only files, no timestamps", () => {
		const dir = sessionDirFor("/w/p", home);
		const torn = session(dir, "aaaa0000-0000-4000-8000-000000000001", { mtime: 1000, last: "2026-04-01T00:00:00.000Z" });
		fs.appendFileSync(torn, '{"type":"message","id":"zz","parentId":"a2","timestamp":"2027-01-01T00:00:00.000Z","mess');
		const damaged = session(dir, "aaaa0000-0000-4000-8000-000000000002", { mtime: 1000, last: "2026-05-01T00:00:00.000Z" });
		fs.appendFileSync(damaged, `not json\n${"x".repeat(50_000)}\n\n`);
		const long = session(dir, "aaaa0000-0000-4000-8000-000000000003", { mtime: 1000 });
		const big = entry("b1", "a2", { timestamp: "2026-06-01T00:00:00.000Z", message: { role: "user", content: "é".repeat(100_000), timestamp: 1 } });
		fs.appendFileSync(long, `${JSON.stringify(big)}\n`);
		const headerOnly = path.join(dir, "h.jsonl");
		writeJsonl(headerOnly, [{ type: "session", version: 3, id: "aaaa0000-0000-4000-8000-000000000004", timestamp: "2026-03-15T00:00:00.000Z", cwd: "/w/p" }]);
		const noStamps = path.join(dir, "n.jsonl");
		writeJsonl(noStamps, [{ type: "session", version: 3, id: "aaaa0000-0000-4000-8000-000000000005", cwd: "/w/p" }, { type: "label", id: "l1", parentId: null }]);
		fs.utimesSync(noStamps, 1000, 1000);
		const times = Object.fromEntries(listSessions(dir).map((s) => [s.id.slice(-6), s.modified.toISOString()]));
		expect(times).toEqual({
			"000001": "2026-04-01T00:00:00.000Z",
			"000002": "2026-05-01T00:00:00.000Z",
			"000003": "2026-06-01T00:00:00.000Z",
			"000004": "2026-03-15T00:00:00.000Z",
			"000005": new Date(1000_000).toISOString(),
		});
		expect(mostRecentSession(dir)).toBe(long);
	});
});

describe("the session last worked in comes first", () => {
	it("a rename (session_info) newer than the work does not move a session up", () => {
		const dir = sessionDirFor("/w/p", home);
		const named = session(dir, "aaaa1111-0000-4000-8000-000000000000", { mtime: 1000, name: "Named", last: "2026-01-01T10:00:00.000Z" });
		const other = session(dir, "bbbb2222-0000-4000-8000-000000000000", { mtime: 1000, last: "2026-01-01T11:00:00.000Z" });
		fs.appendFileSync(named, `${JSON.stringify({ ...entry("a9", "a4", { type: "session_info", name: "Renamed" }), timestamp: "2026-06-01T00:00:00.000Z" })}\n`);
		expect(listSessions(dir).map((s) => [s.file, s.name])).toEqual([[other, undefined], [named, "Renamed"]]);
		expect(mostRecentSession(dir)).toBe(other);
	});

	it("the header's time counts (a fork is created now though its entries keep their times)", () => {
		const dir = sessionDirFor("/w/p", home);
		const source = session(dir, "aaaa1111-0000-4000-8000-000000000000", { mtime: 1000, last: "2026-01-01T10:00:00.000Z" });
		const fork = session(dir, "bbbb2222-0000-4000-8000-000000000000", { mtime: 1000, last: "2026-01-01T09:00:00.000Z" });
		const lines = fs.readFileSync(fork, "utf8").split("\n");
		lines[0] = JSON.stringify({ ...JSON.parse(lines[0]!), timestamp: "2026-03-01T00:00:00.000Z", parentSession: source });
		fs.writeFileSync(fork, lines.join("\n"));
		expect(listSessions(dir).map((s) => [s.file, s.modified])).toEqual([
			[fork, new Date("2026-03-01T00:00:00.000Z")],
			[source, new Date("2026-01-01T10:00:00.000Z")],
		]);
		expect(mostRecentSession(dir)).toBe(fork);
	});

	it("recordWorked: a session opened to work in comes first; the record drops files that are gone and survives damage", () => {
		const dir = sessionDirFor("/w/p", home);
		const older = session(dir, "aaaa1111-0000-4000-8000-000000000000", { mtime: 1000, last: "2026-01-01T10:00:00.000Z" });
		const newer = session(dir, "bbbb2222-0000-4000-8000-000000000000", { mtime: 1000, last: "2026-01-01T11:00:00.000Z" });
		expect(mostRecentSession(dir)).toBe(newer);
		recordWorked(older, new Date("2026-02-01T00:00:00.000Z"));
		expect(mostRecentSession(dir)).toBe(older);
		expect(listSessions(dir).map((s) => [s.file, s.modified])).toEqual([
			[older, new Date("2026-02-01T00:00:00.000Z")],
			[newer, new Date("2026-01-01T11:00:00.000Z")],
		]);
		// The record file is not a session (pi and arbor list *.jsonl only).
		expect(listSessions(dir)).toHaveLength(2);
		fs.rmSync(older);
		recordWorked(newer, new Date("2026-02-02T00:00:00.000Z"));
		expect([...readWorked(dir).keys()]).toEqual([path.basename(newer)]);
		fs.writeFileSync(path.join(dir, WORKED_FILE), "{not json");
		expect(readWorked(dir).size).toBe(0);
		expect(mostRecentSession(dir)).toBe(newer);
		// A file that does not exist is not recorded (and nothing is written for it).
		recordWorked(path.join(home, "nowhere", "x.jsonl"));
		expect(fs.existsSync(path.join(home, "nowhere"))).toBe(false);
	});
});
