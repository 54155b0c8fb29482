/**
 * Raw copying of verbatim values on import: a value's source text is copied only when it is
 * exactly what JSON.stringify writes for the parsed value; any other spelling (\u escapes, "\/",
 * number forms, spaces, repeated or reordered keys) is encoded from the parsed value, so the
 * output is the same bytes either way.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importFile } from "../../source/import/import.js";
import { canonical, elements, encodeJson, member, RawJson, type Span } from "../../source/import/raw-json.js";
import { tempDir } from "../session/helpers.js";

const whole = (t: string): Span => [0, t.length];

describe("raw JSON spans", () => {
	it("finds a key's value span, the last of repeated keys, one level down and in arrays", () => {
		const t = '{"a": {"b": "x\\"}y", "c": [1, {"d": 2}]}, "e": 3, "a": {"c": "last"}}';
		const a = member(t, whole(t), "a")!;
		expect(t.slice(...a)).toBe('{"c": "last"}');
		const first = member(t, [6, t.indexOf(', "e"')], "c")!;
		expect(t.slice(...first)).toBe('[1, {"d": 2}]');
		expect(elements(t, first)!.map((s) => t.slice(...s))).toEqual(["1", '{"d": 2}']);
		expect(member(t, whole(t), "zz")).toBeUndefined();
		// A key spelled with an escape could be the key asked for: no span rather than a wrong one.
		const escaped = '{"text": "a", "te\\u0078t": "b"}';
		expect(JSON.parse(escaped)).toEqual({ text: "b" });
		expect(member(escaped, whole(escaped), "text")).toBeUndefined();
	});

	it.each([
		['"plain \\"quoted\\" \\\\ \\n\\t\\r\\b\\f é ✓ 😀"', true],
		['"\\u00e9"', false],
		// Written as stringify would, but any \u escape is left to the parsed value (checking it costs more).
		['"\\u001b"', false, true],
		['"\\u001B"', false],
		['"a\\/b"', false],
		['"\\ud800"', false, true],
		['{"a":1,"b":[true,false,null,-2,0.5,"s"],"c":{}}', true],
		['{"a": 1}', false],
		['[1, 2]', false],
		["1.0", false],
		["1e2", false],
		["-0", false],
		["12345678901234567890", false],
		['{"a":1,"a":2}', false],
		['{"b":1,"1":2}', false],
		['{"\\u0061":1}', false],
	])("%s is canonical: %s", (text: string, expected: boolean, asStringify = expected) => {
		expect(canonical(text, whole(text))).toBe(expected);
		expect(text === JSON.stringify(JSON.parse(text))).toBe(asStringify);
	});

	it("a value nested deeper than the check goes is not copied raw (and does not overflow the stack)", () => {
		const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
		expect(canonical(deep, whole(deep))).toBe(false);
		const shallow = `${"[".repeat(10)}1${"]".repeat(10)}`;
		expect(canonical(shallow, whole(shallow))).toBe(true);
	});

	it("encodeJson writes raw texts where the values are and equals JSON.stringify", () => {
		const value = { a: new RawJson('"x\\ny"', "x\ny"), b: [1, new RawJson('{"k":2}', { k: 2 }), undefined], c: undefined };
		expect(encodeJson(value)).toBe(JSON.stringify({ a: "x\ny", b: [1, { k: 2 }, null] }));
		expect(JSON.stringify(value)).toBe(encodeJson(value));
	});

	it("a source string spelled like encodeJson's mark does not displace a raw text", () => {
		const mark = "\u0000arbor raw json\u0000";
		for (const other of [mark, `x"${mark}`, `${mark}"`]) {
			const value = { s: other, r: new RawJson('"raw"', "raw"), t: [other] };
			expect(encodeJson(value)).toBe(JSON.stringify({ s: other, r: "raw", t: [other] }));
		}
	});
});

describe("import: non-canonical source text is not copied raw", () => {
	const dir = tempDir();
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
	const long = "x".repeat(3000);
	const base = (n: number, parent: number | null) =>
		`"parentUuid": ${parent === null ? "null" : `"u${parent}"`}, "isSidechain": false, "cwd": "/p", "sessionId": "s", "uuid": "u${n}", "timestamp": "2026-03-01T10:00:0${n}.000Z"`;
	// Long lines (the raw path is taken) whose copied fields are spelled as stringify would not.
	const lines = [
		`{${base(1, null)}, "type": "user", "message": {"role": "user", "content": "caf\\u00e9 a\\/b \\u001B ${long}"}}`,
		`{${base(2, 1)}, "type": "assistant", "message": {"id": "m1", "role": "assistant", "model": "c", "content": [{"type": "thinking", "thinking": "\\ud83d\\ude00 ${long}"}], "stop_reason": null}}`,
		`{${base(3, 2)}, "type": "assistant", "message": {"id": "m1", "role": "assistant", "model": "c", "content": [{"type": "tool_use", "id": "t1", "name": "Write", "input": {"n": 1.0, "e": 1e2, "2": "two", "content": "${long}", "n": 3}}], "stop_reason": "tool_use"}}`,
		`{${base(4, 3)}, "type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok\\u0021 ${long}"}, {"type": "text", "text": "\\/done ${long}"}]}}`,
		`{${base(5, 4)}, "type": "assistant", "message": {"id": "m2", "role": "assistant", "model": "c", "content": [{"type": "text", "text": "canonical \\" \\\\ \\n ${long}", "text": "the last text wins ${long}"}, {"type": "tool_use", "id": "t2", "name": "Bash", "input": {"command":"ls","n":[1,2.5]}}], "stop_reason": "end_turn"}}`,
	];

	it("writes every line as JSON.stringify would, with the parsed values", () => {
		const source = path.join(dir, "s.jsonl");
		fs.writeFileSync(source, `${lines.join("\n")}\n`);
		const outcome = importFile(source, { home: path.join(dir, "home"), cwd: "/nowhere", now: "2026-11-22T00:00:00.000Z" });
		if (outcome.status !== "imported") throw new Error(JSON.stringify(outcome));
		const out = fs.readFileSync(outcome.file, "utf8").split("\n").filter(Boolean);
		for (const line of out) expect(line).toBe(JSON.stringify(JSON.parse(line)));
		const entries = out.slice(1).map((l) => JSON.parse(l) as { message: { content: Record<string, unknown>[] } });
		const content = entries.map((e) => e.message.content);
		expect(content[0]).toEqual([{ type: "text", text: `café a/b \u001b ${long}` }]);
		expect(content[1]).toEqual([
			{ type: "thinking", thinking: `😀 ${long}` },
			{ type: "toolCall", id: "t1", name: "Write", arguments: { 2: "two", n: 3, e: 100, content: long } },
		]);
		expect(out[2]).toContain('"arguments":{"2":"two","n":3,"e":100,');
		expect(content[2]).toEqual([{ type: "text", text: `ok! ${long}` }]);
		expect(content[3]).toEqual([{ type: "text", text: `/done ${long}` }]);
		expect(content[4]).toEqual([
			{ type: "text", text: `the last text wins ${long}` },
			{ type: "toolCall", id: "t2", name: "Bash", arguments: { command: "ls", n: [1, 2.5] } },
		]);
	});
});
