import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { setUpExtensions } from "../../source/extensions/setup.js";
import { compactNow } from "../../source/navigation/compact.js";
import { cleanTempDirs, conversation, summarizer } from "../navigation/helpers.js";
import { put } from "./helpers.js";

const dirs: string[] = [];
afterEach(() => {
	cleanTempDirs();
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Bad `session_before_compact` results: each is one warning naming the extension, and ignored. */
const BAD: [name: string, expression: string, reason: RegExp][] = [
	["compaction as text", `({ compaction: "text" })`, /compaction: expected object, received string/],
	["compaction summary as a number", "({ compaction: { summary: 5 } })", /compaction\.summary: expected string, received number/],
	["BigInt details", "({ compaction: { summary: 'x', details: 10n } })", /not JSON.*BigInt/],
	["circular details", "(() => { const d: any = {}; d.d = d; return { compaction: { summary: 'x', details: d } }; })()", /not JSON.*circular/],
	["details nested too deep", "(() => { let d: any = {}; for (let i = 0; i < 400; i++) d = { d }; return { compaction: { summary: 'x', details: d } }; })()", /nested more than 256/],
	["a throwing getter", `({ get compaction() { throw new Error("getter boom"); } })`, /getter boom/],
	["cancel as a number", "({ cancel: 1 })", /cancel: expected boolean/],
	["a Symbol", `Symbol("s")`, /not an object \(a symbol\)/],
];

describe("session_before_compact results are checked", () => {
	it.each(BAD)("%s: one warning naming the extension; the earlier extension's compaction is stored", async (_name, expression, reason) => {
		const cwd = mkdtempSync(join(tmpdir(), "arbor-ext-"));
		dirs.push(cwd);
		put(cwd, ".arbor/extensions/1-good.ts", `export default (arbor: any) => arbor.on("session_before_compact", () => ({ compaction: { summary: "good", details: { by: "good" } } }));`);
		const bad = put(cwd, ".arbor/extensions/2-bad.ts", `export default (arbor: any) => arbor.on("session_before_compact", () => ${expression});`);
		const lines: string[] = [];
		const stderr = { write: (text: string) => lines.push(text) } as unknown as NodeJS.WritableStream;
		const noModels = async () => ({ resolve: () => ({ ok: false as const, message: "none" }) });
		const ext = await setUpExtensions({ cwd, home: join(cwd, "home"), mode: "command", flags: {}, settings: {}, models: noModels, stderr });
		const { store } = conversation();
		ext.setStore(store);
		const sum = summarizer(["never used"]);
		const result = await compactNow({ store, model: sum.model, bus: ext.bus, keepRecentTokens: 210 });
		expect(lines).toHaveLength(1);
		expect(lines[0]!.startsWith(`arbor: warning: extension ${bad}: session_before_compact handler returned a bad result (`)).toBe(true);
		expect(lines[0]).toMatch(reason);
		expect(result.status === "compacted" && result.entry).toMatchObject({ summary: "good", details: { by: "good" }, fromHook: true });
		expect(store.snapshot().warnings).toEqual([]);
		expect(sum.calls).toHaveLength(0);
	});
});
