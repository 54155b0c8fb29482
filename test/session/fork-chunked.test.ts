import * as fs from "node:fs";
import nodeFs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { itLarge } from "../helpers/large.js";
import { writeExportData } from "../../source/export/export-data.js";
import { forkSession, forkToFile } from "../../source/session/fork.js";
import { ByteBatch, eachRawLine } from "../../source/session/raw-lines.js";
import type { SessionEntry } from "../../source/session/types.js";
import { SessionStore } from "../../source/session/store.js";
import { HEADER, readFileCalls, tempDir } from "./helpers.js";

let dir: string;
beforeEach(() => {
	dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A line JSON.stringify would not write (a space after a comma, `<` in the text), so a raw copy
 * shows in the output's bytes.
 */
const line = (id: string, parentId: string | null, text: string) =>
	`{"type":"message","id":"${id}","parentId":${JSON.stringify(parentId)}, "timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":${JSON.stringify(text)},"timestamp":1}}`;

/**
 * ~3.3 MB of short lines, one 2.5 MB line (longer than a read chunk, 1 MiB), more short lines;
 * `a0 … a10999, big, b0 … b10999` in one chain. Returns the file and each id's line.
 */
function bigSession(): { file: string; lines: Map<string, string> } {
	const file = path.join(dir, "s.jsonl");
	const lines = new Map<string, string>();
	let parent: string | null = null;
	const add = (id: string, text: string) => {
		lines.set(id, line(id, parent, text));
		parent = id;
	};
	for (let i = 0; i < 11_000; i++) add(`a${i}`, `short ${i} <b> ${"x".repeat(200)}`);
	add("big", "é".repeat(1_250_000));
	for (let i = 0; i < 11_000; i++) add(`b${i}`, `after ${i} ${"y".repeat(200)}`);
	fs.writeFileSync(file, `${JSON.stringify(HEADER)}\n${[...lines.values()].join("\n")}\n`);
	return { file, lines };
}

/** A file's lines after its header. */
const bodyLines = (file: string) => fs.readFileSync(file, "utf8").split("\n").slice(1, -1);

describe("fork and the HTML export read the source in chunks, never whole", () => {
	itLarge("arbor fork's copy: the path's own lines, byte for byte, with no whole-file read", () => {
		const { file, lines } = bigSession();
		const view = SessionStore.open(file).snapshot();
		const { result: made, files } = readFileCalls(() => forkToFile({ source: view, sourceFile: file, entryId: "b10999", sessionDir: path.join(dir, "f"), cwd: "/p" }));
		expect(files.filter((f) => f === file)).toEqual([]);
		expect(bodyLines(made.file)).toEqual([...lines.values()]);
	});

	itLarge("forkSession mid-file: lines up to the entry, and the new store's offsets are where its lines start", () => {
		const { file, lines } = bigSession();
		const view = SessionStore.open(file).snapshot();
		const { result: store, files } = readFileCalls(() => forkSession({ source: view, sourceFile: file, entryId: "big", sessionDir: path.join(dir, "f"), cwd: "/p" }));
		expect(files.filter((f) => f === file)).toEqual([]);
		const ids = [...lines.keys()];
		expect(bodyLines(store.file as string)).toEqual(ids.slice(0, ids.indexOf("big") + 1).map((id) => lines.get(id)));
		store.appendMessage({ role: "user", content: "after the fork", timestamp: 2 });
		store.close();
		// A fork of the fork copies raw from the offsets the first fork recorded.
		const again = SessionStore.open(store.file as string).snapshot();
		const second = forkToFile({ source: again, sourceFile: store.file as string, entryId: "big", sessionDir: path.join(dir, "g"), cwd: "/p" });
		expect(bodyLines(second.file)).toEqual(bodyLines(store.file as string).slice(0, -1));
	});

	itLarge("stops reading the source after the last line it copies", () => {
		const { file, lines } = bigSession();
		const view = SessionStore.open(file).snapshot();
		const spy = vi.spyOn(nodeFs, "readSync");
		syncBuiltinESMExports(); // the ESM bindings of node:fs follow the spied CJS export
		let made: { file: string };
		let read: number;
		try {
			made = forkToFile({ source: view, sourceFile: file, entryId: "a5", sessionDir: path.join(dir, "f"), cwd: "/p" });
			read = spy.mock.results.reduce((n, r) => n + (r.type === "return" ? Number(r.value) : 0), 0);
		} finally {
			spy.mockRestore();
			syncBuiltinESMExports();
		}
		expect(read).toBeGreaterThan(0);
		expect(read).toBeLessThanOrEqual(1 << 20); // one chunk (1 MiB) of a ~10 MB file
		expect(bodyLines(made.file)).toEqual([...lines.values()].slice(0, 6));
	});

	itLarge("the HTML export's data embeds the same bytes (every < escaped, newlines as commas), with no whole-file read", () => {
		const { file, lines } = bigSession();
		const view = SessionStore.open(file).snapshot();
		const written: Buffer[] = [];
		// Small batches: pieces longer than one are written as they are, the rest copied in.
		const out = new ByteBatch((bytes) => written.push(Buffer.from(bytes)), 64 << 10);
		const { files } = readFileCalls(() => {
			writeExportData(view, "s.jsonl", out);
			out.flush();
		});
		expect(files.filter((f) => f === file)).toEqual([]);
		const data = Buffer.concat(written).toString("utf8");
		const entries = [...lines.values()].join(",").replaceAll("<", "\\u003c");
		expect(data.endsWith(`"entries":[${entries}]}`)).toBe(true);
		expect(JSON.parse(data).entries).toEqual(view.entries);
	});
});

describe("eachRawLine", () => {
	const e = (id: string) => ({ type: "message", id, parentId: null, timestamp: "t" }) as unknown as SessionEntry;
	const lines = ['{"type":"message","id":"x1"}', '{"type":"message","id":"x2","pad":"' + "p".repeat(3000) + '"}', '{"type":"message","id":"x3"}'];
	const visit = (file: string, entries: SessionEntry[], offsets: Map<string, number>) => {
		const seen: [string, string | undefined][] = [];
		eachRawLine(file, entries, (x) => offsets.get(x.id), (x, buf, start, end) => seen.push([x.id, buf?.toString("utf8", start, end + 1)]));
		return seen;
	};

	it("gives each entry its own line, in the entries' order, even when offsets go back; else undefined", () => {
		const file = path.join(dir, "r.jsonl");
		fs.writeFileSync(file, `${lines.join("\n")}\n{"type":"message","id":"x4"}`);
		const at = [0, lines[0]!.length + 1, lines[0]!.length + lines[1]!.length + 2];
		const lastAt = at[2]! + lines[2]!.length + 1;
		const offsets = new Map([["x3", at[2]!], ["x1", at[0]!], ["x2", at[1]!], ["x4", lastAt], ["mid", 5], ["past", 1e9]]);
		const entries = ["x3", "x1", "new", "mid", "x2", "x4", "past"].map(e);
		expect(visit(file, entries, offsets)).toEqual([
			["x3", `${lines[2]}\n`],
			["x1", `${lines[0]}\n`], // behind the reader: read at its offset
			["new", undefined], // no line of its own
			["mid", undefined], // the offset is inside a line
			["x2", `${lines[1]}\n`],
			["x4", undefined], // a last line without \n is re-serialized
			["past", undefined], // beyond the end of the file
		]);
		// A line that names another id is not the entry's.
		expect(visit(file, [e("x2")], new Map([["x2", 0]]))).toEqual([["x2", undefined]]);
	});
});
