import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { runCli } from "../helpers/cli.js";
import { LEAF, NEAR_ROOT, project, put } from "./helpers.js";

const logger = (tag: string) => `
import { appendFileSync } from "node:fs";
export default function (arbor: { on: Function }) {
	const typed: string = ${JSON.stringify(tag)};
	arbor.on("session_tree", (event: { newLeafId: string }, ctx: { cwd: string }) => {
		appendFileSync(ctx.cwd + "/moves.txt", typed + " " + event.newLeafId + "\\n");
	});
}
`;

describe("extension loading (through the built CLI)", () => {
	it("loads .ts, .mjs and folder extensions from <cwd>/.arbor/extensions, $ARBOR_HOME/extensions, settings and --extension, in that order", async () => {
		const p = project();
		put(p.cwd, ".arbor/extensions/a.ts", logger("project-file"));
		put(p.cwd, ".arbor/extensions/b/index.ts", logger("project-folder"));
		put(p.home, "extensions/c.mjs", logger("home").replace(": string", "").replace(/: \{[^}]*\}/g, ""));
		put(p.home, "settings.json", JSON.stringify({ extensions: ["mine/d.ts"] }));
		put(p.home, "mine/d.ts", logger("settings"));
		const flag = put(p.cwd, "elsewhere/e.ts", logger("flag"));
		const run = await runCli(["navigate", p.file, NEAR_ROOT, "--extension", flag], { cwd: p.cwd, env: p.env });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const lines = readFileSync(join(p.cwd, "moves.txt"), "utf8");
		expect(lines).toBe(["project-file", "project-folder", "home", "settings", "flag"].map((t) => `${t} ${NEAR_ROOT}\n`).join(""));
	});

	it("--no-extensions loads none; options the program shares (--label) are honoured after the subcommand name", async () => {
		const p = project();
		put(p.cwd, ".arbor/extensions/a.ts", logger("x"));
		const run = await runCli(["navigate", p.file, NEAR_ROOT, "--no-extensions", "--label", "kept"], { cwd: p.cwd, env: p.env });
		expect(run.code).toBe(0);
		expect(() => readFileSync(join(p.cwd, "moves.txt"))).toThrow();
		expect(readFileSync(p.file, "utf8")).toContain(`"targetId":"${NEAR_ROOT}","label":"kept"`);
	});

	it("a syntax error, a missing default function, a throw at load and a missing file: one warning each, the others still run", async () => {
		const p = project();
		const bad = put(p.cwd, ".arbor/extensions/1-syntax.ts", "export default function (arbor) { arbor.on(\n");
		const none = put(p.cwd, ".arbor/extensions/2-no-default.ts", "export const x = 1;\n");
		const throws = put(p.cwd, ".arbor/extensions/3-throws.js", "export default function () { throw new Error('boom at load'); }\n");
		put(p.cwd, ".arbor/extensions/4-good.ts", logger("good"));
		const missing = join(p.cwd, "nope.ts");
		const run = await runCli(["navigate", p.file, NEAR_ROOT, "--extension", missing], { cwd: p.cwd, env: p.env });
		expect(run.code).toBe(0);
		expect(run.stdout).toBe(`Navigated to ${NEAR_ROOT}\n`);
		const lines = run.stderr.trimEnd().split("\n");
		expect(lines).toHaveLength(4);
		expect(lines[0]).toMatch(/^arbor: warning: extension .*1-syntax\.ts: failed to load: .*Unexpected token.*1-syntax\.ts:2:0$/);
		expect(lines[0]!.startsWith(`arbor: warning: extension ${bad}: `)).toBe(true);
		expect(lines[1]).toBe(`arbor: warning: extension ${none}: no default export function`);
		expect(lines[2]).toBe(`arbor: warning: extension ${throws}: threw while loading: boom at load`);
		expect(lines[3]).toBe(`arbor: warning: extension ${missing}: no such file`);
		expect(readFileSync(join(p.cwd, "moves.txt"), "utf8")).toBe(`good ${NEAR_ROOT}\n`);
	});

	it("a throwing handler is one warning naming extension and event; a throwing before-handler never cancels", async () => {
		const p = project();
		const ext = put(
			p.cwd,
			".arbor/extensions/flaky.ts",
			`export default function (arbor: any) {
				arbor.on("session_before_tree", () => { throw new Error("flaky before"); });
				arbor.on("session_tree", async () => { throw new Error("flaky after"); });
			}`,
		);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: p.env });
		expect(run.code).toBe(0);
		expect(run.stdout).toBe(`Navigated to ${NEAR_ROOT}\n`);
		expect(run.stderr).toBe(
			`arbor: warning: extension ${ext}: session_before_tree handler failed: flaky before\n` +
				`arbor: warning: extension ${ext}: session_tree handler failed: flaky after\n`,
		);
	});

	it("before-handlers merge in load order: a later label overrides an earlier one, and any cancel wins", async () => {
		const p = project();
		put(p.cwd, ".arbor/extensions/1.ts", `export default (a: any) => a.on("session_before_tree", () => ({ label: "first" }));`);
		put(p.cwd, ".arbor/extensions/2.ts", `export default (a: any) => a.on("session_before_tree", () => ({ label: "second" }));`);
		const run = await runCli(["navigate", p.file, NEAR_ROOT, "--json"], { cwd: p.cwd, env: p.env });
		expect(run.code).toBe(0);
		expect(readFileSync(p.file, "utf8")).toContain(`"targetId":"${NEAR_ROOT}","label":"second"`);

		put(p.cwd, ".arbor/extensions/0.ts", `export default (a: any) => a.on("session_before_tree", () => ({ cancel: true }));`);
		const before = readFileSync(p.file);
		const cancelled = await runCli(["navigate", p.file, LEAF], { cwd: p.cwd, env: p.env });
		expect(cancelled.code).toBe(1);
		expect(cancelled.stdout).toBe("");
		expect(cancelled.stderr).toBe("arbor: navigation cancelled by an extension\n");
		expect(readFileSync(p.file).equals(before)).toBe(true);
	});
});

describe("arbor fork with extensions", () => {
	it("fires session_before_fork and session_fork; a cancel writes nothing and exits 1", async () => {
		const p = project();
		put(
			p.cwd,
			".arbor/extensions/fork.ts",
			`export default (arbor: any) => {
				arbor.on("session_before_fork", (e: any) => (process.env.NO_FORK ? { cancel: true } : undefined));
				arbor.on("session_fork", (e: any, ctx: any) => ctx.ui.notify("forked " + e.entryId + " of " + ctx.session.id + " into " + e.newFile));
			}`,
		);
		const run = await runCli(["fork", p.file, NEAR_ROOT, "--json"], { cwd: p.cwd, env: p.env });
		expect(run.code).toBe(0);
		const forked = JSON.parse(run.stdout);
		expect(run.stderr).toMatch(new RegExp(`^arbor: forked ${NEAR_ROOT} of [0-9a-f-]+ into ${forked.file}\\n$`));
		const files = readdirSync(p.cwd);
		const cancelled = await runCli(["fork", p.file, NEAR_ROOT], { cwd: p.cwd, env: { ...p.env, NO_FORK: "1" } });
		expect(readdirSync(p.cwd)).toEqual(files);
		expect(cancelled.code).toBe(1);
		expect(cancelled.stdout).toBe("");
		expect(cancelled.stderr).toBe("arbor: fork cancelled by an extension\n");
	});
});

describe("arbor merge with extensions", () => {
	it("uses an extension's summary (no model configured) and reports the move to session_tree", async () => {
		const p = project();
		const store = SessionStore.open(p.file);
		const view = store.snapshot();
		const onPath = new Set(view.getPath(view.leafId).map((e) => e.id));
		const from = view.entries.find((e) => e.type === "message" && !onPath.has(e.id) && view.getChildren(e.id).length === 0)!;
		store.close();
		put(
			p.cwd,
			".arbor/extensions/merge.ts",
			`export default (arbor: any) => {
				arbor.on("session_before_tree", (e: any) => ({ summary: { summary: "merged by hook: " + e.entriesToSummarize.length } }));
				arbor.on("session_tree", (e: any, ctx: any) => ctx.ui.notify("tree " + e.oldLeafId + " -> " + e.newLeafId + " " + e.fromHook));
			}`,
		);
		const run = await runCli(["merge", p.file, from.id, "--json"], { cwd: p.cwd, env: { ...p.env, ARBOR_MODEL: "" } });
		expect(run.code).toBe(0);
		const result = JSON.parse(run.stdout);
		expect(result).toMatchObject({ status: "merged", fromId: from.id, fromHook: true, summaryEntry: { summary: expect.stringMatching(/^merged by hook: \d+$/) } });
		expect(run.stderr).toBe(`arbor: tree ${result.intoId} -> ${result.summaryEntry.id} true\n`);
	});
});

describe("extension text on stderr", () => {
	it("ctx.ui.notify is one line without escape sequences", async () => {
		const p = project();
		put(p.cwd, ".arbor/extensions/loud.ts", `export default (a: any) => a.on("session_tree", (e: any, ctx: any) => ctx.ui.notify("\\u001b]0;pwned\\u0007moved \\u001b[31mred\\u001b[0m\\nsecond line"));`);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: p.env });
		expect(run.code).toBe(0);
		expect(run.stderr).toBe("arbor: moved red\n");
	});
});
