import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { waitFor } from "../helpers/wait-for.js";
import { LEAF, NEAR_ROOT, project, put } from "./helpers.js";

/** A `session_before_tree` handler that says it is waiting, then never settles. */
const NEVER_SETTLES = `export default (arbor: any) => arbor.on("session_before_tree", (_e: any, ctx: any) => {
	ctx.ui.notify("waiting");
	return new Promise(() => {});
});`;

describe("an extension that never answers (through the built CLI)", () => {
	it("a handler that never settles: after the time limit one warning naming it, and the move goes on", async () => {
		const p = project();
		const hang = put(p.cwd, ".arbor/extensions/hang.ts", NEVER_SETTLES);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: { ...p.env, ARBOR_EXTENSION_TIMEOUT: "0.3" } });
		expect(run.stderr).toBe(`arbor: waiting\narbor: warning: extension ${hang}: session_before_tree handler did not finish within 0.3 s (extensionTimeout); carrying on without it\n`);
		expect(run.stdout).toBe(`Navigated to ${NEAR_ROOT}\n`);
		expect(run.code).toBe(0);
	});

	it("the limit comes from settings extensionTimeout too (the environment wins over it)", async () => {
		const p = project();
		const hang = put(p.cwd, ".arbor/extensions/hang.ts", NEVER_SETTLES);
		put(p.home, "settings.json", JSON.stringify({ extensionTimeout: 0.2 }));
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: p.env });
		expect(run.stderr).toContain(`arbor: warning: extension ${hang}: session_before_tree handler did not finish within 0.2 s`);
		expect(run.stdout).toBe(`Navigated to ${NEAR_ROOT}\n`);
		expect(run.code).toBe(0);
	});

	it("a module whose top level awaits forever: one warning, the other extensions and the move go on", async () => {
		const p = project();
		const stuck = put(p.cwd, ".arbor/extensions/1-stuck.ts", `await new Promise(() => {});\nexport default () => {};\n`);
		put(p.cwd, ".arbor/extensions/2-good.ts", `export default (arbor: any) => arbor.on("session_tree", (e: any, ctx: any) => ctx.ui.notify("moved " + e.newLeafId));`);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: { ...p.env, ARBOR_EXTENSION_TIMEOUT: "0.3" } });
		expect(run.stderr).toBe(`arbor: warning: extension ${stuck}: did not load within 0.3 s (extensionTimeout); carrying on without it\narbor: moved ${NEAR_ROOT}\n`);
		expect(run.stdout).toBe(`Navigated to ${NEAR_ROOT}\n`);
		expect(run.code).toBe(0);
	});

	it("with the limit off (0), a handler nothing can ever wake is reported, never a silent exit 0", async () => {
		const p = project();
		const hang = put(p.cwd, ".arbor/extensions/hang.ts", NEVER_SETTLES);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: { ...p.env, ARBOR_EXTENSION_TIMEOUT: "0" } });
		expect(run.stderr).toBe(`arbor: waiting\narbor: warning: extension ${hang}: session_before_tree handler can never finish (it waits on nothing that is still running); carrying on without it\n`);
		expect(run.stdout).toBe(`Navigated to ${NEAR_ROOT}\n`);
		expect(run.code).toBe(0);
	});

	it("Ctrl+C while a handler is waiting ends arbor navigate at once (130): nothing moved, no lock left", async () => {
		const p = project();
		put(p.cwd, ".arbor/extensions/hang.ts", NEVER_SETTLES);
		const before = readFileSync(p.file, "utf8");
		const live = { stdout: "", stderr: "" };
		let pid = -1;
		const running = runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: { ...p.env, ARBOR_EXTENSION_TIMEOUT: "600" }, live, onSpawn: (n) => (pid = n) });
		await waitFor(() => live.stderr.includes("arbor: waiting"), { what: "the handler to start waiting" });
		process.kill(pid, "SIGINT");
		const run = await running;
		expect(run.code).toBe(130);
		expect(run.stderr).toBe("arbor: waiting\narbor: interrupted while an extension was running\n");
		expect(run.stdout).toBe("");
		expect(readFileSync(p.file, "utf8")).toBe(before);
		expect(existsSync(`${p.file}.lock`)).toBe(false);
		expect(readFileSync(p.file, "utf8")).toContain(LEAF);
	});

	it("a bad ARBOR_EXTENSION_TIMEOUT is a usage error (exit 2)", async () => {
		const p = project();
		put(p.cwd, ".arbor/extensions/hang.ts", NEVER_SETTLES);
		const run = await runCli(["navigate", p.file, NEAR_ROOT], { cwd: p.cwd, env: { ...p.env, ARBOR_EXTENSION_TIMEOUT: "soon" } });
		expect(run.stderr).toBe(`arbor: ARBOR_EXTENSION_TIMEOUT must be a number of seconds from 0 to 2147483, not "soon"\n`);
		expect(run.code).toBe(2);
	});
});
