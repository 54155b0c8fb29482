import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model } from "../helpers/print-run.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { NEAR_ROOT, project, put } from "../extensions/helpers.js";

/** A module whose top level says so, then busy-loops for `seconds` (no event loop turn until it ends). */
const busyModule = (seconds: number) => `process.stderr.write("loading\\n");
const end = Date.now() + ${seconds * 1000};
while (Date.now() < end) {}
export default () => {};
`;

describe("Ctrl+C while an extension's module loads synchronously (built CLI)", () => {
	for (const [what, limit] of [
		["past the extension time limit", "0.5"],
		["within the time limit", "60"],
	] as const) {
		it(`${what}: the move does not happen, exit 130, no lock left`, async () => {
			const p = project();
			const ext = put(p.home, "busy.ts", busyModule(2));
			const before = readFileSync(p.file, "utf8");
			const live = { stdout: "", stderr: "" };
			let pid = -1;
			const running = runCli(["navigate", p.file, NEAR_ROOT, "--extension", ext], { cwd: p.cwd, env: { ...p.env, ARBOR_EXTENSION_TIMEOUT: limit }, live, onSpawn: (n) => (pid = n) });
			await waitFor(() => live.stderr.includes("loading"), { what: "the module to start loading" });
			process.kill(pid, "SIGINT");
			const run = await running;
			expect([run.code, run.stdout]).toEqual([130, ""]);
			expect(run.stderr).toContain("arbor: interrupted while an extension was running\n");
			expect(readFileSync(p.file, "utf8")).toBe(before);
			expect(existsSync(`${p.file}.lock`)).toBe(false);
		});
	}
});

describe("a hook that busy-loops, killed with kill -9 after SIGINT", () => {
	it("leaves its session lock; the next start takes the stale lock over and continues the session", async () => {
		const p = project();
		const ext = put(p.home, "busy-hook.ts", `export default (arbor: any) => arbor.on("turn_start", () => {
	if (process.env.BUSY !== "1") return;
	process.stderr.write("looping\\n");
	for (;;) {}
});`);
		const server = await startSseServer([textReply("Second answer.")]);
		try {
			const live = { stdout: "", stderr: "" };
			let pid = -1;
			const file = p.file;
			const running = runCli(["-p", "--session", file, ...model(server.url), "--extension", ext, "first"], { cwd: p.cwd, env: { ...p.env, BUSY: "1" }, live, onSpawn: (n) => (pid = n) });
			await waitFor(() => live.stderr.includes("looping"), { what: "the hook to loop" });
			process.kill(pid, "SIGINT");
			process.kill(pid, "SIGKILL");
			expect((await running).signal).toBe("SIGKILL");
			const lock = JSON.parse(readFileSync(`${file}.lock`, "utf8")) as { pid: number };
			expect(lock.pid).toBe(pid);
			const next = await runCli(["-p", "--session", file, ...model(server.url), "--extension", ext, "again"], { cwd: p.cwd, env: p.env });
			expect([next.code, next.stderr, next.stdout]).toEqual([0, "", "Second answer.\n"]);
			expect(existsSync(`${file}.lock`)).toBe(false);
			expect(entries(file).filter((e) => e.type === "message").slice(-2).map((e) => [e.message.role, JSON.stringify(e.message.content)])).toEqual([
				["user", expect.stringContaining("again")],
				["assistant", expect.stringContaining("Second answer.")],
			]);
		} finally {
			await server.close();
		}
	});
});
