import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeExportData } from "../../source/export/export-data.js";
import { SessionStore } from "../../source/session/store.js";
import { ByteBatch } from "../../source/session/raw-lines.js";
import { FIXTURES } from "../helpers/cli.js";

function exported(file: string) {
	const view = SessionStore.open(file).snapshot() as ReturnType<SessionStore["snapshot"]> & { file?: string };
	const written: Buffer[] = [];
	const out = new ByteBatch((bytes) => written.push(Buffer.from(bytes)));
	writeExportData(view, "name<x>.jsonl", out);
	out.flush();
	const text = Buffer.concat(written).toString("utf8");
	return { view, text, data: JSON.parse(text) };
}

const copy = (name: string) => {
	const file = join(mkdtempSync(join(tmpdir(), "arbor-export-data-")), name);
	copyFileSync(join(FIXTURES, name), file);
	return file;
};

describe("writeExportData", () => {
	it("copies verbatim lines as raw bytes and gives exactly the store's entries", () => {
		const { view, data, text } = exported(copy("pi-tree-session.jsonl"));
		expect(data.entries).toEqual(view.entries);
		expect(data).toMatchObject({ leafId: view.leafId, file: "name<x>.jsonl", header: view.header });
		expect(text).not.toContain("<");
		// The file's own lines, in order; the fixture's one line that names its id late (a
		// custom_message) is re-serialized, as fork does.
		const lines = readFileSync(view.file!, "utf8").trimEnd().split("\n").slice(1);
		const late = view.entries.findIndex((e) => !lines[view.entries.indexOf(e)]!.slice(0, 160).includes(`"id":"${e.id}"`));
		expect(view.entries[late]?.type).toBe("custom_message");
		const expected = lines.map((l, i) => (i === late ? JSON.stringify(view.entries[i]) : l));
		expect(text.endsWith(`"entries":[${expected.join(",").replaceAll("<", "\\u003c")}]}`)).toBe(true);
	});

	it("re-serializes entries a migration rewrote (v1 file read in memory)", () => {
		const { view, data } = exported(copy("pi-v1-large-session.jsonl"));
		expect(view.entries.length).toBeGreaterThan(0);
		expect(data.entries).toEqual(view.entries);
	});

	it("skips damaged lines, keeps CRLF lines and a last line without a newline, escapes every <", () => {
		const file = copy("pi-tree-session.jsonl");
		const lines = readFileSync(file, "utf8").trimEnd().split("\n");
		const last = JSON.parse(lines.at(-1)!);
		const extra = { type: "message", id: "zz000001", parentId: last.id, timestamp: "2026-11-23T00:00:00.000Z", message: { role: "user", content: "a </script> <!-- b", timestamp: 1 } };
		const crlf = { ...extra, id: "zz000002", parentId: "zz000001", message: { ...extra.message, content: "crlf <b>" } };
		writeFileSync(file, `${lines.slice(0, 5).join("\n")}\n{not json\n${lines.slice(5).join("\n")}\n${JSON.stringify(extra)}\r\n${JSON.stringify(crlf)}`);
		const { view, data, text } = exported(file);
		expect(view.warnings.length).toBeGreaterThan(0);
		expect(data.entries).toEqual(view.entries);
		expect(data.entries.at(-1).message.content).toBe("crlf <b>");
		expect(text).not.toMatch(/<|\n/);
	});
});
