import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { copyFixture, expectGrewFrom, fixture, readLines, tempDir } from "./helpers.js";

let dir: string;
beforeEach(() => {
	dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The branched v3 fixture with line 1 edited by `edit`. */
function damagedHeader(edit: (line: string) => string): string {
	const file = copyFixture("pi-tree-session.jsonl", dir);
	const text = fs.readFileSync(file, "utf8");
	const nl = text.indexOf("\n");
	const header = edit(text.slice(0, nl));
	expect(header).not.toBe(text.slice(0, nl));
	fs.writeFileSync(file, header + text.slice(nl));
	return file;
}

const HEADER_DAMAGE: [string, (line: string) => string][] = [
	['"version":"3"', (l) => l.replace('"version":3', '"version":"3"')],
	['"version":0', (l) => l.replace('"version":3', '"version":0')],
	['"version":-1', (l) => l.replace('"version":3', '"version":-1')],
	['"version":1', (l) => l.replace('"version":3', '"version":1')],
	["no version", (l) => l.replace('"version":3,', "")],
	['"vErsion" (one flipped byte in the key)', (l) => l.replace('"version"', '"vErsion"')],
];

describe("a damaged header version does not flatten a v3 tree", () => {
	const pristine = () => SessionStore.open(fixture("pi-tree-session.jsonl")).snapshot();

	it.each(HEADER_DAMAGE)("%s: read as v3 with a warning; a write appends, ids and branches kept, no .bak", (_name, edit) => {
		const file = damagedHeader(edit);
		const before = fs.readFileSync(file);
		const expected = pristine();
		const view = SessionStore.open(file).snapshot();
		expect(view.warnings[0]).toMatchObject({ kind: "version", line: 1 });
		expect(view.warnings[0]!.message).toMatch(/^line 1: header has .* but entries carry ids: read as version 3 \(not migrated\)$/);
		expect(view.entries.map((e) => [e.id, e.parentId])).toEqual(expected.entries.map((e) => [e.id, e.parentId]));
		expect(view.getRoots().length).toBe(expected.getRoots().length);
		expect(view.buildContext()).toEqual(expected.buildContext());
		const store = SessionStore.open(file, { write: true });
		store.setLabel(expected.entries[3]!.id, "kept");
		store.close();
		expectGrewFrom(file, before);
		expect(fs.readdirSync(dir)).toEqual(["pi-tree-session.jsonl"]);
	});

	it("a real v1 file (no ids) still migrates whatever its header's version says", () => {
		const file = path.join(dir, "v1.jsonl");
		const lines = fs.readFileSync(fixture("pi-v1-large-session.jsonl"), "utf8").split("\n");
		lines[0] = lines[0]!.replace('"type":"session"', '"type":"session","version":"1"');
		fs.writeFileSync(file, lines.join("\n"));
		const view = SessionStore.open(file).snapshot();
		expect(view.warnings[0]!.message).toBe('line 1: header has version "1" but entries have no ids: read as version 1');
		expect(view.entries.length).toBe(1018);
		expect(view.getRoots().length).toBe(1);
		expect(view.getPath(view.leafId).length).toBe(1018);
	});

	it("a write-open that writes nothing (or fails) never migrates", () => {
		const file = copyFixture("pi-v1-large-session.jsonl", dir);
		const before = fs.readFileSync(file);
		const store = SessionStore.open(file, { write: true });
		expect(() => store.setLabel("nosuchid", "x")).toThrow(/no entry with id "nosuchid"/);
		store.moveLeaf(store.snapshot().leafId);
		store.close();
		expect(fs.readFileSync(file).equals(before)).toBe(true);
		expect(fs.readdirSync(dir)).toEqual(["pi-v1-large-session.jsonl"]);
	});

	it("migrating a symlinked session rewrites the link's target and keeps the link", () => {
		fs.mkdirSync(path.join(dir, "real"));
		const target = copyFixture("pi-v1-large-session.jsonl", path.join(dir, "real"));
		const link = path.join(dir, "link.jsonl");
		fs.symlinkSync(path.relative(dir, target), link);
		const original = fs.readFileSync(target);
		const store = SessionStore.open(link, { write: true });
		expect(fs.existsSync(`${target}.lock`)).toBe(true);
		const first = store.snapshot().entries[0]!.id;
		store.setLabel(first, "via link");
		store.close();
		expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
		expect(fs.readlinkSync(link)).toBe(path.join("real", "pi-v1-large-session.jsonl"));
		expect(fs.readFileSync(`${target}.v1.bak`).equals(original)).toBe(true);
		expect(readLines(target)[0]).toMatchObject({ version: 3 });
		expect(SessionStore.open(link).snapshot().getLabel(first)).toBe("via link");
		expect(fs.readdirSync(dir).sort()).toEqual(["link.jsonl", "real"]);
		expect(fs.readdirSync(path.join(dir, "real")).sort()).toEqual(["pi-v1-large-session.jsonl", "pi-v1-large-session.jsonl.v1.bak"]);
	});

	it("a file changed by another program between open and the first write is not migrated", () => {
		const file = copyFixture("pi-v1-large-session.jsonl", dir);
		const store = SessionStore.open(file, { write: true });
		fs.appendFileSync(file, `${JSON.stringify({ type: "message", timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: "pi", timestamp: 1 } })}\n`);
		const changed = fs.readFileSync(file);
		expect(() => store.setName("x")).toThrow(/changed since arbor read it; not migrating/);
		store.close();
		expect(fs.readFileSync(file).equals(changed)).toBe(true);
		expect(fs.readdirSync(dir)).toEqual(["pi-v1-large-session.jsonl"]);
	});
});
