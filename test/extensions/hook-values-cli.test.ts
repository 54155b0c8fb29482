import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { LEAF, NEAR_ROOT, project, put } from "./helpers.js";

/** Every line of the session is one arbor reads without calling it damaged. */
function expectUndamaged(file: string): void {
	const store = SessionStore.open(file);
	expect(store.snapshot().warnings).toEqual([]);
	store.close();
}

/**
 * Bad values an extension can hand back (module source of an expression). Each must be one warning
 * naming the extension, and count as no result at all.
 */
const BAD_RESULTS: [name: string, expression: string, reason: RegExp][] = [
	["summary as a number", "({ summary: 5 })", /summary/],
	["summary as text", `({ summary: "text" })`, /summary/],
	["summary text as a number", "({ summary: { summary: 5 } })", /summary\.summary/],
	["summary text as a Symbol", `({ summary: { summary: Symbol("s") } })`, /summary\.summary/],
	["a Symbol", `Symbol("s")`, /not an object/],
	["a string", `"move along"`, /not an object/],
	["a number", "42", /not an object/],
	["a list", "[1, 2]", /not an object/],
	["BigInt details", "({ summary: { summary: 'ok', details: 10n } })", /not JSON.*BigInt/],
	["circular details", "(() => { const d: any = {}; d.self = d; return { summary: { summary: 'ok', details: d } }; })()", /not JSON.*circular/],
	["details nested too deep", "(() => { let d: any = {}; for (let i = 0; i < 400; i++) d = { d }; return { summary: { summary: 'ok', details: d } }; })()", /nested more than 256/],
	["a throwing getter", `({ get summary() { throw new Error("getter boom"); } })`, /getter boom/],
	["a hostile Proxy", `new Proxy({}, { get() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } })`, /trap/],
	["customInstructions as a number", "({ customInstructions: 7 })", /customInstructions/],
	["replaceInstructions as text", `({ replaceInstructions: "yes" })`, /replaceInstructions/],
	["label as a number", "({ label: 5 })", /label/],
	["cancel as text", `({ cancel: "yes" })`, /cancel/],
	["a good cancel beside a broken summary", `({ cancel: true, summary: { summary: 5 } })`, /summary\.summary/],
];

describe("values extensions hand back are checked before anything is written (through the built CLI)", () => {
	// One run of the built CLI holds every bad value, one extension each (after a good one): each
	// value is checked without starting the CLI once per value. A result with a wrong part is no
	// result at all, so even a good cancel beside a broken summary does not stop the move.
	describe("session_before_tree returning a bad value (one extension per value, one run)", () => {
		const bad = BAD_RESULTS;
		let p: ReturnType<typeof project>;
		let files: string[];
		let run: Awaited<ReturnType<typeof runCli>>;
		beforeAll(async () => {
			p = project();
			put(p.cwd, ".arbor/extensions/1-good.ts", `export default (arbor: any) => arbor.on("session_before_tree", () => ({ summary: { summary: "good summary", details: { by: "good" } } }));`);
			files = bad.map(([, expression], i) => put(p.cwd, `.arbor/extensions/2-bad-${String(i).padStart(2, "0")}.ts`, `export default (arbor: any) => arbor.on("session_before_tree", () => ${expression});`));
			run = await runCli(["navigate", p.file, NEAR_ROOT, "--summarize", "--json"], { cwd: p.cwd, env: { ...p.env, ARBOR_MODEL: "" } });
		});

		it.each(bad.map(([name, , reason], i) => [name, reason, i] as const))("%s: one warning naming it, ignored", (_name, reason, i) => {
			const lines = run.stderr.split("\n").filter((l) => l.startsWith(`arbor: warning: extension ${files[i]}: `));
			expect(lines).toHaveLength(1);
			expect(lines[0]!.startsWith(`arbor: warning: extension ${files[i]}: session_before_tree handler returned `)).toBe(true);
			expect(lines[0]).toMatch(/; ignored$/);
			expect(lines[0]).toMatch(reason);
		});

		it("nothing else on stderr; the earlier extension's summary is used; every line undamaged", () => {
			expect(run.stderr.trimEnd().split("\n")).toHaveLength(bad.length);
			expect(run.code).toBe(0);
			expect(JSON.parse(run.stdout)).toMatchObject({ status: "moved", summaryEntry: { summary: "good summary", details: { by: "good" }, fromHook: true } });
			expectUndamaged(p.file);
		});
	});

	it("fields arbor does not read are not its business: a BigInt or a cycle beside a good cancel still cancels", async () => {
		const p = project();
		put(p.cwd, ".arbor/extensions/cancel.ts", `export default (arbor: any) => arbor.on("session_before_tree", () => { const d: any = {}; d.d = d; return { cancel: true, debug: 10n, state: d }; });`);
		const before = readFileSync(p.file, "utf8");
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: p.env });
		expect(run.stderr).toBe("arbor: navigation cancelled by an extension\n");
		expect(run.code).toBe(1);
		expect(readFileSync(p.file, "utf8")).toBe(before);
	});

	it("a handler throwing an object whose toString throws: one warning naming it, never a raw JavaScript message", async () => {
		const p = project();
		const bad = put(p.cwd, ".arbor/extensions/bad.ts", `export default (arbor: any) => arbor.on("session_before_tree", () => { throw { toString() { throw new Error("no text"); } }; });`);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: p.env });
		expect(run.stderr).toBe(`arbor: warning: extension ${bad}: session_before_tree handler failed: a value that cannot be shown as text\n`);
		expect(run.stdout).toBe(`Navigated to ${NEAR_ROOT}\n`);
		expect(run.code).toBe(0);
	});

	it.each([
		["cancel as text", `({ cancel: "yes" })`],
		["a Symbol", `Symbol("s")`],
		["a throwing getter", `({ get cancel() { throw new Error("getter boom"); } })`],
	])("session_before_fork returning %s: one warning, the fork goes on", async (_name, expression) => {
		const p = project();
		const bad = put(p.cwd, ".arbor/extensions/bad.ts", `export default (arbor: any) => arbor.on("session_before_fork", () => ${expression});`);
		const run = await runCli(["fork", p.file, NEAR_ROOT, "--json"], { cwd: p.cwd, env: p.env });
		expect(run.stderr).toMatch(new RegExp(`^arbor: warning: extension ${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: session_before_fork handler returned .*; ignored\\n$`));
		expect(run.code).toBe(0);
		expectUndamaged(JSON.parse(run.stdout).file);
	});

	const BAD_WRITES: [name: string, call: string, reason: RegExp][] = [
		["sendMessage customType as a number", `arbor.sendMessage({ customType: 5, content: "x", display: true })`, /customType/],
		["sendMessage content as a number", `arbor.sendMessage({ customType: "t", content: 5, display: true })`, /content/],
		["sendMessage a text part without text", `arbor.sendMessage({ customType: "t", content: [{ type: "text", text: 5 }], display: true })`, /content/],
		["sendMessage display as text", `arbor.sendMessage({ customType: "t", content: "x", display: "yes" })`, /display/],
		["sendMessage BigInt details", `arbor.sendMessage({ customType: "t", content: "x", display: true, details: 10n })`, /not JSON.*BigInt/],
		["sendMessage circular details", `(() => { const d: any = {}; d.d = d; arbor.sendMessage({ customType: "t", content: "x", display: false, details: d }); })()`, /not JSON.*circular/],
		["sendMessage a string", `arbor.sendMessage("hello")`, /not an object/],
		["sendMessage a throwing getter", `arbor.sendMessage({ customType: "t", get content() { throw new Error("getter boom"); }, display: true })`, /getter boom/],
		["appendEntry customType as a number", `arbor.appendEntry(5, { a: 1 })`, /customType/],
		["appendEntry BigInt data", `arbor.appendEntry("state", { n: 10n })`, /not JSON.*BigInt/],
		["appendEntry circular data", `(() => { const d: any = {}; d.d = d; arbor.appendEntry("state", d); })()`, /not JSON.*circular/],
		["appendEntry a Symbol as data", `arbor.appendEntry("state", Symbol("s"))`, /data/],
	];

	// As above: one run, one extension per bad write, each notifying after its call.
	describe("a bad sendMessage or appendEntry (one extension per call, one run)", () => {
		let p: ReturnType<typeof project>;
		let files: string[];
		let before: number;
		let run: Awaited<ReturnType<typeof runCli>>;
		beforeAll(async () => {
			p = project();
			files = BAD_WRITES.map(([, call], i) =>
				put(p.cwd, `.arbor/extensions/bad-${String(i).padStart(2, "0")}.ts`, `export default (arbor: any) => arbor.on("session_tree", (_e: any, ctx: any) => { ${call}; ctx.ui.notify("after call ${i}"); });`),
			);
			before = readJsonl(p.file).length;
			run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: p.env });
		});

		it.each(BAD_WRITES.map(([name, call, reason], i) => [name, call, reason, i] as const))("%s: one warning naming the extension, nothing written, the handler goes on", (_name, call, reason, i) => {
			const lines = run.stderr.trimEnd().split("\n");
			const at = lines.indexOf(`arbor: after call ${i}`);
			expect(at).toBeGreaterThan(0);
			const warning = lines[at - 1]!;
			expect(warning.startsWith(`arbor: warning: extension ${files[i]}: ${call.includes("appendEntry") ? "appendEntry" : "sendMessage"}: `)).toBe(true);
			expect(warning).toMatch(reason);
			expect(warning).toMatch(/; nothing written$/);
		});

		it("a warning and a note per extension, exit 0; the move wrote its leaf marker and nothing else", () => {
			expect(run.stderr.trimEnd().split("\n")).toHaveLength(2 * BAD_WRITES.length);
			expect(run.code).toBe(0);
			expect(readJsonl(p.file).slice(before).map((e) => `${e.type} ${e.customType}`)).toEqual(["custom arbor.leaf"]);
			expectUndamaged(p.file);
		});
	});

	it("registerCommand without a description or handler, on() without a function: one warning each, the rest of the extension loads", async () => {
		const p = project();
		const bad = put(p.cwd, ".arbor/extensions/bad.ts", `export default (arbor: any) => {
			arbor.registerCommand("broken", { description: 5, handler: "no" });
			arbor.on("session_tree", 42);
			arbor.on("session_tree", (e: any, ctx: any) => ctx.ui.notify("moved " + e.newLeafId));
		};`);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: p.env });
		expect(run.stderr).toBe(
			[
				`arbor: warning: extension ${bad}: registerCommand("broken"): needs {description: string, handler: function}; not added`,
				`arbor: warning: extension ${bad}: on("session_tree"): the handler is not a function; not added`,
				`arbor: moved ${NEAR_ROOT}`,
				"",
			].join("\n"),
		);
		expect(run.code).toBe(0);
	});

	it("good values still write: sendMessage with parts and details, appendEntry with data", async () => {
		const p = project();
		put(p.cwd, ".arbor/extensions/good.ts", `export default (arbor: any) => arbor.on("session_tree", () => {
			arbor.sendMessage({ customType: "note", content: [{ type: "text", text: "hi" }], display: true, details: { n: 1 } });
			arbor.appendEntry("state", { at: new Date(0) });
		});`);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: p.env });
		expect(run.stderr).toBe("");
		const written = readJsonl(p.file).slice(-2);
		expect(written[0]).toMatchObject({ type: "custom_message", customType: "note", content: [{ type: "text", text: "hi" }], display: true, details: { n: 1 } });
		expect(written[1]).toMatchObject({ type: "custom", customType: "state", data: { at: "1970-01-01T00:00:00.000Z" } });
		expect(readFileSync(p.file, "utf8")).toContain(LEAF);
		expectUndamaged(p.file);
	});
});
