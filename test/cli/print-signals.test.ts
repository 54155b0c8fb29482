import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** True once `pid` no longer runs (gone, or a zombie waiting for init to reap it). */
function stopped(pid: number): boolean {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
	} catch {
		// No /proc entry: the process is gone.
		return true;
	}
}

const cases = [
	{ signal: "SIGTERM", code: 143 },
	{ signal: "SIGHUP", code: 129 },
] as const;

describe("SIGTERM and SIGHUP end print mode like SIGINT", () => {
	for (const { signal, code } of cases) {
		it(`${signal} mid-stream: partial reply saved as aborted, lock released, exit ${code}`, async () => {
			server = await startSseServer([textReply("First."), textReply(["Partial ", "answer "], { hold: true })]);
			const { cwd, home } = place();
			expect((await runCli(["-p", ...model(server.url), "first"], { cwd, env: { ARBOR_HOME: home } })).code).toBe(0);
			let pid = -1;
			const live = { stdout: "", stderr: "" };
			const running = runCli(["-p", "-c", ...model(server.url), "long question"], { cwd, env: { ARBOR_HOME: home }, onSpawn: (p) => (pid = p), live });
			await waitFor(() => live.stdout === "Partial answer ", { what: "the streamed text" });
			expect(existsSync(`${sessionFiles(home)[0]}.lock`)).toBe(true);
			process.kill(pid, signal);
			const run = await running;
			expect(run.code).toBe(code);
			expect(run.stdout).toBe("Partial answer \n");
			expect(run.stderr).toBe(`arbor: aborted (${signal})\n`);
			const [saved] = sessionFiles(home);
			expect(entries(saved!).at(-1).message).toMatchObject({ role: "assistant", stopReason: "aborted", content: [{ type: "text", text: "Partial answer " }] });
			expect(existsSync(`${saved}.lock`)).toBe(false);
		});
	}

	it("SIGTERM during a bash tool kills the command's process group and saves the turn", async () => {
		server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command: "sleep 1000 & echo $! > sleep.pid; wait" } }]), textReply("never")]);
		const { cwd, home } = place();
		let pid = -1;
		const running = runCli(["-p", ...model(server.url), "--tools", "bash", "wait a lot"], { cwd, env: { ARBOR_HOME: home }, onSpawn: (p) => (pid = p) });
		const sleepPid = await waitFor(() => {
			const text = existsSync(join(cwd, "sleep.pid")) ? readFileSync(join(cwd, "sleep.pid"), "utf8").trim() : "";
			return text ? Number(text) : undefined;
		}, { what: "the sleep pid" });
		expect(stopped(sleepPid)).toBe(false);
		process.kill(pid, "SIGTERM");
		const run = await running;
		expect(run.code).toBe(143);
		await waitFor(() => stopped(sleepPid), { what: `sleep ${sleepPid} to be killed` });
		const [saved] = sessionFiles(home);
		// The step was still running its tool: its assistant message is stored with the call, as aborted.
		// (Besides the messages: the checkpoints of the files before the tool and at the turn's end.)
		const stored = entries(saved!).slice(1).filter((e) => e.type === "message").map((e) => e.message);
		expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(stored[1]).toMatchObject({ stopReason: "aborted", content: [{ type: "toolCall", name: "bash" }] });
		expect(existsSync(`${saved}.lock`)).toBe(false);
	});
});
