import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lineHoldsId } from "../../source/session/raw-lines.js";
import { lineEnd, readHeader } from "../../source/session/parse.js";
import { projectDirs, sessionFiles } from "../../source/session/paths.js";
import { tempDir } from "./helpers.js";

let home: string;
beforeEach(() => {
	home = tempDir();
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

const write = (file: string, text: string) => {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, text);
	return file;
};

describe("sessionFiles / projectDirs: the one listing of session folders", () => {
	it("lists *.jsonl directly in a folder, sorted by name, as paths; a missing folder has none", () => {
		const dir = path.join(home, "sessions", "--w-p--");
		const b = write(path.join(dir, "b.jsonl"), "");
		const a = write(path.join(dir, "a.jsonl"), "");
		write(path.join(dir, "notes.txt"), "");
		write(path.join(dir, "deeper", "c.jsonl"), "");
		expect(sessionFiles(dir)).toEqual([a, b]);
		expect(sessionFiles(path.join(home, "missing"))).toEqual([]);
	});

	it("lists the project folders under <home>/sessions, not its files; none without the folder", () => {
		write(path.join(home, "sessions", "--y--", "s.jsonl"), "");
		write(path.join(home, "sessions", "--x--", "s.jsonl"), "");
		write(path.join(home, "sessions", "loose.jsonl"), "");
		expect(projectDirs(home)).toEqual([path.join(home, "sessions", "--x--"), path.join(home, "sessions", "--y--")]);
		expect(projectDirs(path.join(home, "missing"))).toEqual([]);
	});

	it("a file instead of a folder is an error, not an empty listing", () => {
		const file = write(path.join(home, "plain"), "");
		expect(() => sessionFiles(file)).toThrow(/ENOTDIR/);
	});
});

describe("readHeader", () => {
	it("reads line 1 only, whatever its length, and parses it as the session header", () => {
		const cwd = `/w/${"x".repeat(10_000)}`;
		const header = { type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z", cwd };
		const file = write(path.join(home, "a.jsonl"), `${JSON.stringify(header)}\n{not json`);
		expect(readHeader(file)).toEqual(header);
	});

	it("is undefined when line 1 is not a session header; a missing file throws", () => {
		expect(readHeader(write(path.join(home, "b.jsonl"), '{"type":"message","id":"x"}\n'))).toBeUndefined();
		expect(readHeader(write(path.join(home, "c.jsonl"), "garbage"))).toBeUndefined();
		expect(readHeader(write(path.join(home, "d.jsonl"), ""))).toBeUndefined();
		expect(() => readHeader(path.join(home, "missing.jsonl"))).toThrow(/ENOENT/);
	});
});

describe("lineEnd", () => {
	it("is the index of the line's newline, or the end of a last line without one", () => {
		const buf = Buffer.from("ab\n\ncd");
		expect([lineEnd(buf, 0), lineEnd(buf, 3), lineEnd(buf, 4)]).toEqual([2, 3, 6]);
	});
});

describe("lineHoldsId (fork and the HTML export copy a file's own bytes)", () => {
	it("is whether the line names that entry's id near its start", () => {
		const buf = Buffer.from('{"type":"message","id":"a1"}\n{"type":"label","id":"b2"}');
		expect(lineHoldsId(buf, 0, 28, "a1")).toBe(true);
		expect(lineHoldsId(buf, 0, 28, "b2")).toBe(false);
		expect(lineHoldsId(buf, 29, buf.length, "b2")).toBe(true);
		const late = Buffer.from(`{"type":"custom","data":"${"x".repeat(200)}","id":"c3"}`);
		expect(lineHoldsId(late, 0, late.length, "c3")).toBe(false); // re-serialized instead
	});
});
