import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { PathCollector, activePath } from "../../source/search/ancestry.js";
import { searchables } from "../../source/search/fields.js";
import { matchesAll, parseQuery } from "../../source/search/query.js";
import { scanFile } from "../../source/search/scan.js";
import { searchSessions } from "../../source/search/search.js";
import { SessionStore } from "../../source/session/store.js";
import { casesFor, itLarge } from "../helpers/large.js";
import { copyFixture, tempDir } from "../session/helpers.js";

const storePath = (file: string) => {
	const view = SessionStore.open(file).snapshot();
	return new Set(view.getPath(view.leafId).map((e) => e.id));
};

/** The oracle the collector must agree with: each id's first line gives its parent, then the leaf's chain. */
function mapWalk(lines: string[]): Set<string> {
	const parents = new Map<string, string | null>();
	let last: { id: string; parentId: string | null; marker: boolean } | undefined;
	for (const line of lines) {
		const e = JSON.parse(line) as { id: string; parentId: string | null; type: string; customType?: string };
		if (!parents.has(e.id)) parents.set(e.id, e.parentId);
		last = { id: e.id, parentId: e.parentId, marker: e.type === "custom" && e.customType === "arbor.leaf" };
	}
	const ids = new Set<string>();
	let id: string | null | undefined = last ? (last.marker ? last.parentId : last.id) : null;
	while (id && !ids.has(id)) {
		ids.add(id);
		id = parents.get(id);
	}
	return ids;
}

/** The collector fed `lines` as text (the regex head) and as parsed values: both must give `expected`. */
function collected(lines: string[]): { text: Set<string>; parsed: Set<string> } {
	const byText = new PathCollector();
	const byValue = new PathCollector();
	for (const line of lines) {
		byText.add(line, 0, line.length);
		byValue.addParsed(JSON.parse(line));
	}
	return { text: byText.result().ids, parsed: byValue.result().ids };
}

const entry = (id: string, parentId: string | null, extra: Record<string, unknown> = {}) =>
	JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: "the text" }, ...extra });

const WORDS = "the a tool async path offset read write tree branch entry node value session error build test map".split(" ");

/**
 * A branched session written in process (a small PRNG, so each seed gives one file): "bushy"
 * branches from any earlier message, "deep" from one a few steps above the leaf; labels, a name,
 * tool results and, at the end, an arbor.leaf marker moving the leaf back up the tree.
 */
function generated(dir: string, kind: "bushy" | "deep", n: number, seed: number): string {
	let state = seed;
	const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
	const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
	const text = () => Array.from({ length: 20 + Math.floor(rand() * 100) }, () => pick(WORDS)).join(" ");
	const file = path.join(dir, `${kind}-${seed}.jsonl`);
	const header = { type: "session", version: 3, id: `abcdef${String(seed).padStart(2, "0")}-0000-0000-0000-000000000000`, timestamp: "2026-01-01T00:00:00.000Z", cwd: "/x" };
	const lines = [JSON.stringify(header)];
	const ids: string[] = [];
	let leaf: string | null = null;
	for (let i = 0; i < n; i++) {
		const id = `e${seed}-${i}`;
		const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
		const role = pick(["user", "assistant", "toolResult"]);
		const message =
			role === "toolResult"
				? { role, toolCallId: `c${i}`, toolName: "bash", content: [{ type: "text", text: text() }], isError: false, timestamp: i }
				: { role, content: [{ type: "text", text: text() }], timestamp: i };
		if (i > 0 && i % 20 === 0) leaf = kind === "bushy" ? pick(ids) : ids[Math.max(0, ids.length - 1 - Math.floor(rand() * 12))]!;
		lines.push(JSON.stringify({ type: "message", id, parentId: leaf, timestamp: at, message }));
		ids.push(id);
		leaf = id;
		if (i % 200 === 199) {
			lines.push(JSON.stringify({ type: "label", id: `l${i}`, parentId: leaf, timestamp: at, targetId: pick(ids), label: `the label ${i}` }));
			leaf = `l${i}`;
		}
	}
	lines.push(JSON.stringify({ type: "session_info", id: "name", parentId: leaf, timestamp: "2026-02-01T00:00:00.000Z", name: "the session" }));
	lines.push(JSON.stringify({ type: "custom", id: "marker", parentId: ids[Math.floor(ids.length / 2)], timestamp: "2026-02-01T00:00:01.000Z", customType: "arbor.leaf" }));
	fs.writeFileSync(file, `${lines.join("\n")}\n`);
	return file;
}

describe("the active path collected in the scan", () => {
	const dir = tempDir();

	it.each([
		["a plain chain", [entry("a", null), entry("b", "a"), entry("c", "b")]],
		["a branch, leaf on the first branch's sibling", [entry("a", null), entry("b", "a"), entry("c", "b"), entry("d", "a")]],
		["an arbor.leaf marker", [entry("a", null), entry("b", "a"), entry("c", "b"), JSON.stringify({ type: "custom", id: "m", parentId: "b", customType: "arbor.leaf" })]],
		["a parent that is in no line", [entry("a", "gone"), entry("b", "a")]],
		["an id written twice (its first line counts)", [entry("a", null), entry("x", null), entry("b", "a"), entry("b", "x"), entry("c", "b")]],
		["a parent written after its child", [entry("c", "b"), entry("a", null), entry("b", "a"), entry("d", "c")]],
		["a cycle", [entry("a", "c"), entry("b", "a"), entry("c", "b")]],
	])("agrees with a first-line-wins walk: %s", (_name, lines) => {
		const expected = mapWalk(lines);
		const { text, parsed } = collected(lines);
		expect(text).toEqual(expected);
		expect(parsed).toEqual(expected);
	});

	it("equals the store's path on the pi fixture and on generated branched sessions", () => {
		const fixture = copyFixture("pi-tree-session.jsonl", dir);
		// A regex-only query, and in generated text "the", make the scan read every line and bring the path with it.
		const cases: [string, string][] = [
			[fixture, "re:e"],
			[generated(dir, "bushy", casesFor(3000, 600), 7), "the"],
			[generated(dir, "deep", casesFor(3000, 600), 8), "the"],
			[generated(dir, "deep", casesFor(3000, 600), 8), "re:e"],
		];
		for (const [file, q] of cases) {
			const expected = storePath(file);
			expect(activePath(file).ids, file).toEqual(expected);
			const scan = scanFile(file, parseQuery(q), 20);
			expect(scan.path, file).toBeDefined();
			expect(scan.path?.ids, file).toEqual(expected);
			const { name } = SessionStore.open(file).snapshot();
			expect(scan.path?.name, file).toBe(name);
			expect(activePath(file).name, file).toBe(name);
			for (const hit of searchSessions([file], q, 500).hits) expect(hit.onActivePath, hit.entryId).toBe(expected.has(hit.entryId));
		}
	});

	it("leaves the path to a later read when the word is rare (only anchored lines are decoded)", () => {
		const file = generated(dir, "bushy", 2000, 9);
		const lines = fs.readFileSync(file, "utf8").split("\n");
		// One rare word on one entry on a side branch.
		const target = JSON.parse(lines[40]!) as { id: string; message: { content: unknown } };
		target.message.content = [{ type: "text", text: "a xylophonist plays" }];
		lines[40] = JSON.stringify(target);
		fs.writeFileSync(file, lines.join("\n"));
		const scan = scanFile(file, parseQuery("xylophonist"), 20);
		expect(scan.path).toBeUndefined();
		expect(scan.hits.map((h) => h.entryId)).toEqual([target.id]);
		const [hit] = searchSessions([file], "xylophonist", 20).hits;
		expect(hit?.onActivePath).toBe(storePath(file).has(target.id));
	});
});

describe("hits kept while scanning", () => {
	it("a small limit shows exactly the first hits of an unlimited search, and counts them all", () => {
		const dir = tempDir();
		const file = generated(dir, "bushy", 3000, 11);
		const all = searchSessions([file], "the", 1_000_000);
		for (const limit of [1, 7, 50]) {
			const few = searchSessions([file], "the", limit);
			expect(few.total).toBe(all.total);
			expect(few.hits).toEqual(all.hits.slice(0, limit));
		}
	});
});

describe("a common word read line by line", () => {
	itLarge("finds exactly what parsing every line with the store finds, over several read chunks", () => {
		const dir = tempDir();
		const file = generated(dir, "bushy", 6000, 12);
		expect(fs.statSync(file).size).toBeGreaterThan(3 * 1024 * 1024); // several 1 MB chunks
		const view = SessionStore.open(file).snapshot();
		// "e" is on every line: after the first thousand lines the literal shortcut is left out.
		for (const q of ["the", "async path", "re:e", "THE tool", "e", "E the"]) {
			const query = parseQuery(q);
			const expected: string[] = [];
			for (const e of view.entries) {
				for (const s of searchables(e as unknown as Record<string, unknown>)) if (matchesAll(query, s.text)) expected.push(`${s.entryId}:${s.field}`);
			}
			const result = searchSessions([file], q, 1_000_000);
			expect(result.total, q).toBe(expected.length);
			expect(result.hits.map((h) => `${h.entryId}:${h.field}`).sort(), q).toEqual(expected.sort());
		}
	});
});

describe("hits tied with the keep-th best", () => {
	it("a later hit with the same score and a newer time still displaces an older one", () => {
		const dir = tempDir();
		const file = path.join(dir, "ties.jsonl");
		const header = { type: "session", version: 3, id: "abcdef01-0000-0000-0000-000000000000", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/x" };
		const lines = [JSON.stringify(header)];
		// 3,000 lines of about 1 KB: several read chunks, so the floor set after one chunk meets the next.
		for (let i = 0; i < 3000; i++) {
			const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
			lines.push(JSON.stringify({ type: "message", id: `e${i}`, parentId: i ? `e${i - 1}` : null, timestamp: at, message: { role: "user", content: `same words ${"z".repeat(1000)}` } }));
		}
		fs.writeFileSync(file, `${lines.join("\n")}\n`);
		const { hits, total } = searchSessions([file], "same", 3);
		expect(total).toBe(3000);
		expect(hits.map((h) => h.entryId)).toEqual(["e2999", "e2998", "e2997"]);
	});
});
