import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, printRunWithSleeper, sessionFiles, sleeperCall, stopped } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";

const fx = useCliProject();

const cases = [
	{ signal: "SIGTERM", code: 143 },
	{ signal: "SIGHUP", code: 129 },
] as const;

describe("SIGTERM and SIGHUP end print mode like SIGINT", () => {
	for (const { signal, code } of cases) {
		it(`${signal} mid-stream: partial reply saved as aborted, lock released, exit ${code}`, async () => {
			const server = await fx.serve([textReply("First."), textReply(["Partial ", "answer "], { hold: true })]);
			const { cwd, home } = fx;
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

	it("SIGTERM during the compaction before the turn: the prompt is not stored (docs/core.md), exit 143", async () => {
		// Two long turns, the second reported near the declared window: the third compacts first, and its summary request hangs.
		const server = await fx.serve([textReply("old answer", { usage: { prompt: 25_000, completion: 100 } }), textReply("new answer", { usage: { prompt: 190_000, completion: 100 } }), { type: "hang" }]);
		const { cwd, home } = fx;
		mkdirSync(home, { recursive: true });
		const declared = { providers: { local: { baseUrl: server.url, api: "openai-completions", apiKey: "LOCAL_KEY", models: [{ id: "m1", contextWindow: 200_000 }] } } };
		writeFileSync(join(home, "models.json"), JSON.stringify(declared));
		const env = { ARBOR_HOME: home, LOCAL_KEY: "k" };
		expect((await runCli(["-p", "-m", "local:m1", "old ".repeat(25_000)], { cwd, env })).code).toBe(0);
		expect((await runCli(["-p", "-c", "-m", "local:m1", "new ".repeat(22_500)], { cwd, env })).code).toBe(0);
		let pid = -1;
		const running = runCli(["-p", "-c", "-m", "local:m1", "third"], { cwd, env, onSpawn: (p) => (pid = p) });
		await waitFor(() => server!.requests.length === 3 || undefined, { what: "the summary request" });
		process.kill(pid, "SIGTERM");
		const run = await running;
		expect(run.code).toBe(143);
		expect(run.stderr).toContain("arbor: aborted (SIGTERM)");
		const [saved] = sessionFiles(home);
		expect(entries(saved!).filter((e) => e.type === "message").map((e) => e.message.role)).toEqual(["user", "assistant", "user", "assistant"]);
		expect(existsSync(`${saved}.lock`)).toBe(false);
	});

	it("SIGTERM during a bash tool kills the command's process group and saves the turn", async () => {
		const server = await fx.serve([sleeperCall(1000), textReply("never")]);
		const { running, pid, sleepPid, home } = await printRunWithSleeper(server.url);
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
