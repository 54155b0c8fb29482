import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { SessionError } from "../../source/session/types.js";
import { HEADER, entry, expectGrewFrom, readLines, tempDir, writeJsonl } from "./helpers.js";

let dir: string;
let file: string;
beforeEach(() => {
	dir = tempDir();
	file = path.join(dir, "s.jsonl");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function expectSessionError(fn: () => unknown, code: string, message?: string): void {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(SessionError);
		expect((error as SessionError).code).toBe(code);
		if (message !== undefined) expect((error as Error).message).toBe(message);
		return;
	}
	throw new Error(`expected SessionError ${code}`);
}

describe("damaged files", () => {
	it("torn tail: skipped with a warning; the next append writes \\n first", () => {
		writeJsonl(file, [HEADER, entry("a1", null), entry("a2", "a1")], '{"type":"message","id":"a3","par');
		const before = fs.readFileSync(file);
		const store = SessionStore.open(file, { write: true });
		const view = store.snapshot();
		expect(view.warnings).toEqual([{ kind: "torn-tail", line: 4, message: "line 4: incomplete last line skipped" }]);
		expect(view.entries.map((e) => e.id)).toEqual(["a1", "a2"]);
		expect(view.leafId).toBe("a2");
		const added = store.append({ type: "model_change", provider: "p", modelId: "m" });
		store.close();
		const after = expectGrewFrom(file, before);
		expect(after.subarray(before.length).toString("utf8")).toBe(`\n${JSON.stringify(added)}\n`);
		const reopened = SessionStore.open(file).snapshot();
		expect(reopened.warnings.map((w) => [w.kind, w.line])).toEqual([["bad-line", 4]]);
		expect(reopened.leafId).toBe(added.id);
		expect(reopened.getPath(added.id).map((e) => e.id)).toEqual(["a1", "a2", added.id]);
	});

	it("complete last line without \\n: kept, next append still starts on a new line", () => {
		writeJsonl(file, [HEADER, entry("a1", null)], JSON.stringify(entry("a2", "a1")));
		const before = fs.readFileSync(file);
		const store = SessionStore.open(file, { write: true });
		expect(store.snapshot().warnings).toEqual([]);
		expect(store.snapshot().leafId).toBe("a2");
		const added = store.append({ type: "thinking_level_change", thinkingLevel: "high" });
		store.close();
		expectGrewFrom(file, before);
		expect(readLines(file).map((l) => l.id)).toEqual([HEADER.id, "a1", "a2", added.id]);
		expect(added.parentId).toBe("a2");
	});

	it("garbage middle line and entries without ids: skipped with line numbers", () => {
		const body = [HEADER, entry("a1", null)].map((x) => JSON.stringify(x)).join("\n");
		const rest = [{ type: "message", parentId: "a1", timestamp: "t" }, entry("a2", "a1")].map((x) => JSON.stringify(x));
		fs.writeFileSync(file, `${body}\n{not json\n\n${rest.join("\n")}\n[1,2]\n`);
		const view = SessionStore.open(file).snapshot();
		expect(view.warnings).toEqual([
			{ kind: "bad-line", line: 3, message: "line 3: not valid JSON, skipped" },
			{ kind: "bad-entry", line: 5, message: "line 5: entry without an id, skipped" },
			{ kind: "bad-entry", line: 7, message: "line 7: not an entry object, skipped" },
		]);
		expect(view.entries.map((e) => e.id)).toEqual(["a1", "a2"]);
	});

	it("missing or bad header: SessionError bad-header, file bytes unchanged", () => {
		const cases = [
			JSON.stringify(entry("a1", null)),
			"not json at all",
			"",
			JSON.stringify({ type: "session", cwd: "/p" }),
		];
		for (const text of cases) {
			fs.writeFileSync(file, `${text}\n${JSON.stringify(entry("a2", null))}\n`);
			const before = fs.readFileSync(file);
			for (const write of [false, true]) {
				expectSessionError(() => SessionStore.open(file, { write }), "bad-header", `${file}: line 1 is not a session header`);
				expect(fs.readFileSync(file).equals(before)).toBe(true);
				expect(fs.existsSync(`${file}.lock`)).toBe(false);
			}
		}
		// An empty file is no damage: it opens as a new session (pi 1.6), written only with a first entry.
		fs.writeFileSync(file, "");
		const empty = SessionStore.open(file, { write: true, cwd: dir });
		expect([empty.snapshot().entries, empty.snapshot().warnings, empty.cwd]).toEqual([[], [], dir]);
		empty.close();
		expect(fs.readFileSync(file).length).toBe(0);
		fs.writeFileSync(file, "\n");
		expectSessionError(() => SessionStore.open(file), "bad-header");
	});

	it("missing file and folder: not-found / unreadable", () => {
		expectSessionError(() => SessionStore.open(path.join(dir, "nope.jsonl")), "not-found");
		expectSessionError(() => SessionStore.open(path.join(dir, "nope.jsonl"), { write: true }), "not-found");
		expectSessionError(() => SessionStore.open(dir), "unreadable");
	});

	it("orphan: becomes an extra root and is reported", () => {
		writeJsonl(file, [HEADER, entry("a1", null), entry("a2", "zz"), entry("a3", "a2")]);
		const view = SessionStore.open(file).snapshot();
		expect(view.getRoots().map((e) => e.id)).toEqual(["a1", "a2"]);
		expect(view.getChildren("a2").map((e) => e.id)).toEqual(["a3"]);
		expect(view.warnings).toEqual([{ kind: "orphan", id: "a2", line: 3, message: "entry a2: parent zz not found, shown as a root" }]);
		expect(view.getPath("a3").map((e) => e.id)).toEqual(["a2", "a3"]);
	});

	it("duplicate id: first occurrence wins, later one kept in entries only", () => {
		const dup = entry("a2", "a1", { message: { role: "user", content: "second", timestamp: 1 } });
		writeJsonl(file, [HEADER, entry("a1", null), entry("a2", "a1"), dup, entry("a3", "a2")]);
		const view = SessionStore.open(file).snapshot();
		expect(view.entries.length).toBe(4);
		expect(view.entries[2]).toEqual(dup);
		expect(view.getEntry("a2")).toEqual(entry("a2", "a1"));
		expect(view.getChildren("a1").map((e) => e.id)).toEqual(["a2"]);
		expect(view.warnings).toEqual([
			{ kind: "duplicate-id", id: "a2", line: 4, message: "duplicate id a2: later entry kept but not linked" },
		]);
		expect(view.leafId).toBe("a3");
	});

	it("parent cycles (2-cycle, self-parent, cycle below a root) finish and are broken", () => {
		writeJsonl(file, [
			HEADER,
			entry("a1", null),
			entry("b1", "b2"),
			entry("b2", "b1"),
			entry("c1", "c1"),
			entry("d1", "d3"),
			entry("d2", "d1"),
			entry("d3", "d2"),
			entry("e1", "d2"),
		]);
		const view = SessionStore.open(file).snapshot();
		expect(view.warnings.map((w) => [w.kind, w.id])).toEqual([
			["cycle", "b2"],
			["cycle", "c1"],
			["cycle", "d2"],
		]);
		// Roots sort by timestamp like children: a1 and c1 share :01, b2 and d2 share :02.
		expect(view.getRoots().map((e) => e.id)).toEqual(["a1", "c1", "b2", "d2"]);
		expect(view.getPath("b1").map((e) => e.id)).toEqual(["b2", "b1"]);
		expect(view.getPath("c1").map((e) => e.id)).toEqual(["c1"]);
		// The walk starts at d1 (its parent comes later in the file); d2's link closes the loop.
		expect(view.getPath("d1").map((e) => e.id)).toEqual(["d2", "d3", "d1"]);
		expect(view.getPath("e1").map((e) => e.id)).toEqual(["d2", "e1"]);
		expect(view.getChildren("c1")).toEqual([]);
		expect(view.getChildren("d2").map((e) => e.id)).toEqual(["e1", "d3"]);
		expect(view.commonAncestor("e1", "d1")).toBe("d2");
		expect(view.buildContext("d1").messages.map((m) => (m as { content: unknown }).content)).toEqual(["m d2", "m d3", "m d1"]);
	});
});

describe("a long line broken deep inside its body", () => {
	// 6 KB of text: the line is kept lazily (bodies stay in the file), so its JSON is checked whole all the same.
	const body = "lorem ipsum dolor sit amet, ".repeat(220);
	const good = (id: string, parentId: string | null) => JSON.stringify(entry(id, parentId, { message: { role: "user", content: [{ type: "text", text: body }], timestamp: 1 } }));
	const at5k = (line: string, from: string, to: string) => {
		const i = line.indexOf(from, 5000);
		if (i < 0) throw new Error(`no ${from} past 5 KB`);
		return line.slice(0, i) + to + line.slice(i + from.length);
	};
	const breaks: [string, (line: string) => string][] = [
		["a quote missing at its end", (l) => l.replace(`${body}"`, body)],
		["a stray quote 5 KB in", (l) => at5k(l, "ipsum", 'ip"sum')],
		["a raw control character 5 KB in", (l) => at5k(l, "ipsum", "ip\u0001sum")],
		["a bad escape 5 KB in", (l) => at5k(l, "ipsum", "ip\\xsum")],
		["a short \\u escape 5 KB in", (l) => at5k(l, "ipsum", "ip\\u12sum")],
		["its last brace missing", (l) => l.slice(0, -1)],
		["a second value after it", (l) => `${l} {}`],
	];
	for (const [what, broken] of breaks) {
		it(`${what}: reported as not valid JSON, the rest kept`, () => {
			const lines = [JSON.stringify(HEADER), good("a1", null), broken(good("a2", "a1")), good("a3", "a1")];
			fs.writeFileSync(file, `${lines.join("\n")}\n`);
			const view = SessionStore.open(file).snapshot();
			expect(view.warnings).toEqual([{ kind: "bad-line", line: 3, message: "line 3: not valid JSON, skipped" }]);
			expect(view.entries.map((e) => e.id)).toEqual(["a1", "a3"]);
			expect(view.buildContext("a3").messages.map((m) => m.role === "user" && m.content)).toEqual([
				[{ type: "text", text: body }],
				[{ type: "text", text: body }],
			]);
		});
	}
});
