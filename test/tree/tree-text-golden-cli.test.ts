/**
 * `arbor tree`'s text and JSON on generated bushy sessions, pinned byte for byte: the expected
 * sha256 of every variant (tree-text-golden.json) was recorded with the build before the tree's
 * speed work (issue 17 item 15), so a faster path cannot change a single byte. Some previews are
 * spiced with what the fast paths must treat exactly like the slow ones: Unicode white space, wide
 * characters, control characters and escape sequences, long white-space runs, huge texts.
 * Regenerate (only for an intended output change): ARBOR_GOLDEN_WRITE=1 npx vitest run on this file.
 * It runs the generator and the built CLI, so `npm run test:unit` leaves it out (by its name).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderTreeText } from "../../source/commands/tree-text.js";
import type { SessionTreeView } from "../../source/session/api.js";
import { SessionStore } from "../../source/session/store.js";
import { must } from "../../source/text/must.js";
import { buildTreeJson, treeJsonText } from "../../source/tree/json.js";
import { buildTreeRows } from "../../source/tree/build.js";
import { formatTreeRow } from "../../source/tree/format.js";
import { TREE_FILTERS } from "../../source/tree/types.js";
import { runCli } from "../helpers/cli.js";
import { GEN_SESSION } from "../helpers/shared.js";

const GOLDEN = join(import.meta.dirname, "tree-text-golden.json");
const dir = mkdtempSync(join(tmpdir(), "arbor-tree-golden-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Texts that exercise white-space folding, cutting, width and sanitizing. */
const SPICES = [
	"\u00a0\u2003 lead\u3000ing\u2028uni\ufeffcode\u0085spaces\u00a0",
	"wide 漢字かな 한국어 and emoji 👩‍💻🎉 ".repeat(12),
	"ctrl \u0007bell \u001b[31mred\u001b[0m \u001b]0;title\u0007 osc \u0000nul \u009b1mc1 \u007fdel\r\nend",
	`${" ".repeat(300)}after 300 spaces`,
	`${"\n\t ".repeat(200)}x${" y".repeat(400)}`,
	`${"a".repeat(239)} ${"b".repeat(5)}`,
	`${"a".repeat(240)}   `,
	`${"z".repeat(5000)}\n${"w ".repeat(5000)}`,
	"\ud83d\ude00".repeat(130),
	`${"a \n\t ".repeat(150)}end`,
	`${"word\u00a0\u00a0".repeat(100)}`,
	`${"x".repeat(239)}\ud83d\ude00tail`,
];

type Loose = { type: string; label?: string; summary?: string; message?: { role: string; content: unknown } };

/** Puts `s` in what the entry previews: a user text (or two parts), a label, a summary, tool arguments. */
function spiceEntry(e: Loose, s: string, k: number): void {
	if (e.type === "label") e.label = s.slice(0, 80);
	else if (e.type === "branch_summary") e.summary = s;
	else if (e.message?.role === "user") e.message.content = k % 2 === 0 ? s : [{ type: "text", text: s }, { type: "text", text: "\n" }, { type: "text", text: s }];
	else if (e.message && Array.isArray(e.message.content)) {
		for (const c of e.message.content as { type: string; text?: string; arguments?: Record<string, unknown> }[]) {
			if (c.type === "text") c.text = `${s}${c.text ?? ""}`;
			if (c.type === "toolCall" && c.arguments) for (const key of Object.keys(c.arguments)) c.arguments[key] = s;
		}
	}
}

function spice(file: string): void {
	let n = 0;
	const lines = readFileSync(file, "utf8").split("\n").map((line) => {
		if (!line.startsWith("{") || n++ % 4 !== 0) return line;
		const e = JSON.parse(line) as Loose;
		const k = n >> 2;
		spiceEntry(e, SPICES[k % SPICES.length] ?? "", k);
		return JSON.stringify(e);
	});
	writeFileSync(file, lines.join("\n"));
}

function generate(kind: string, spiced: boolean): string {
	const file = join(dir, `${kind}${spiced ? "-spiced" : ""}.jsonl`);
	execFileSync(process.execPath, [GEN_SESSION, "--out", file, "--kind", kind, "--n", "1000"], { stdio: "ignore" });
	if (spiced) spice(file);
	return file;
}

function open(file: string): SessionTreeView {
	const store = SessionStore.open(file);
	const view = store.snapshot();
	store.close();
	return view;
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** Every variant's output, named. */
function variants(view: SessionTreeView): Record<string, string> {
	const out: Record<string, string> = {};
	for (const filter of TREE_FILTERS) {
		out[`${filter} plain`] = renderTreeText(view, { filter, width: 100_000, color: false });
		out[`${filter} json`] = treeJsonText(buildTreeJson(view, { filter }));
	}
	out["default colour"] = renderTreeText(view, { filter: "default", width: 100_000, color: true });
	out["all colour"] = renderTreeText(view, { filter: "all", width: 100_000, color: true });
	for (const width of [40, 81, 260]) out[`all width ${width}`] = renderTreeText(view, { filter: "all", width, color: false });
	out["default search"] = renderTreeText(view, { filter: "default", search: "Error  Map", width: 100_000, color: false });
	// The interactive tree's rows: folds, fold marks, the full gutter, a selected row.
	const folded = new Set(view.entries.filter((_, i) => i % 11 === 0).map((e) => e.id));
	for (const filter of ["default", "all"] as const) {
		const rows = buildTreeRows(view, { filter, folded });
		const lines = rows.map((row, i) => formatTreeRow(row, { width: 90, selected: i % 3 === 0, foldMarks: true, fullGutter: true }));
		out[`${filter} interactive rows`] = lines.join("\n");
	}
	out["all search spiced"] = renderTreeText(view, { filter: "all", search: "漢字 emoji", width: 120, color: true });
	return out;
}

const FILES = [
	["bushy", false],
	["bushy-deep", false],
	["bushy", true],
	["bushy-deep", true],
] as const;

describe("arbor tree output is pinned on generated sessions", () => {
	const files = new Map(FILES.map(([kind, spiced]) => [`${kind}${spiced ? " spiced" : ""}`, generate(kind, spiced)]));

	it("renders every filter, width, colour and search byte-identical to the recorded output", () => {
		const actual: Record<string, string> = {};
		for (const [name, file] of files) {
			for (const [variant, text] of Object.entries(variants(open(file)))) actual[`${name}: ${variant}`] = `${sha(text)} ${text.length}`;
		}
		if (process.env.ARBOR_GOLDEN_WRITE === "1") writeFileSync(GOLDEN, `${JSON.stringify(actual, null, "\t")}\n`);
		const expected = JSON.parse(readFileSync(GOLDEN, "utf8")) as Record<string, string>;
		expect(actual).toEqual(expected);
	});

	it("the built CLI prints the same text as the in-process renderer", async () => {
		const file = must(files.get("bushy-deep spiced"), "spiced file");
		const env = { ARBOR_HOME: join(dir, "home"), NO_COLOR: "1" };
		const run = await runCli(["tree", file, "--filter", "all"], { env });
		expect(run.code).toBe(0);
		// Through UTF-8 as stdout carries it (a preview cut inside a surrogate pair prints U+FFFD).
		const text = renderTreeText(open(file), { filter: "all", width: 100_000, color: false });
		expect(run.stdout).toBe(Buffer.from(text, "utf8").toString("utf8"));
	});
});
