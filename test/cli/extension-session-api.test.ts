import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";
import { cleanUp, startRpc } from "../rpc/helpers.js";

// The projects here are the tests' own: their -p runs pass --trust-project so the .arbor/ acts (docs/trust.md).

const fx = useCliProject();

describe("extensions label entries and name the session (pi's setLabel, setSessionName)", () => {
	it("at turn_end: the reply is labelled and the session named, after the turn's own entries; a bad call is one warning and writes nothing", async () => {
		const server = await fx.serve([textReply("Paris")]);
		const { cwd, home } = fx;
		const file = write(
			join(cwd, ".arbor", "extensions", "mark.ts"),
			`export default (arbor: any) => arbor.on("turn_end", (e: any) => {
	const reply = e.entries.find((x: any) => x.message?.role === "assistant");
	arbor.setLabel(reply.id, "answered");
	arbor.setSessionName("Q: " + e.prompt);
	arbor.setLabel("no-such-entry", "x");
	arbor.setSessionName("   ");
});\n`,
		);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "capital of France?"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "Paris\n" });
		expect(run.stderr).toBe(
			`arbor: warning: extension ${file}: setLabel: entryId: no entry "no-such-entry" in this session; nothing written\n` +
				`arbor: warning: extension ${file}: setSessionName: name: expected non-empty text, received string; nothing written\n`,
		);
		const lines = entries(sessionFiles(home)[0]!);
		const reply = lines.find((e) => e.message?.role === "assistant");
		expect(lines.slice(-2)).toMatchObject([
			{ type: "label", targetId: reply.id, label: "answered" },
			{ type: "session_info", name: "Q: capital of France?" },
		]);
		const listed = await runCli(["sessions", "--json"], { cwd, env: { ARBOR_HOME: home } });
		expect(JSON.parse(listed.stdout)[0]).toMatchObject({ name: "Q: capital of France?" });
	});
});

describe("model_select (pi's): extensions hear of model switches", () => {
	it("RPC set_model and cycle_model, with the model before and how it was switched", async () => {
		try {
			const rpc = await startRpc([], [], {
				extensions: (cwd) =>
					write(
						join(cwd, ".arbor", "extensions", "log.ts"),
						`import { appendFileSync } from "node:fs";\nexport default (arbor: any) => arbor.on("model_select", (e: any, ctx: any) => appendFileSync(ctx.cwd + "/models.log", JSON.stringify(e) + "\\n"));\n`,
					),
			});
			await rpc.client.setModel("local", "m2");
			await rpc.client.cycleModel();
			const lines = readFileSync(join(rpc.cwd, "models.log"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
			expect(lines).toEqual([
				{ model: "local:m2", previousModel: "local:m1", source: "set" },
				{ model: "local:m1", previousModel: "local:m2", source: "cycle" },
			]);
		} finally {
			await cleanUp();
		}
	});
});

describe("exec (pi's): a program run without a shell", () => {
	it("returns its output and code; a missing program is 127; a time-out kills it; arguments are not parsed by a shell", async () => {
		const server = await fx.serve([toolCallReply([{ id: "c1", name: "probe", args: {} }]), textReply("probed")]);
		const { cwd, home } = fx;
		write(
			join(cwd, ".arbor", "extensions", "probe.ts"),
			`export default (arbor: any) => arbor.registerTool({ name: "probe", description: "run things", execute: async () => {
	const echo = await arbor.exec("printf", ["%s|", "a b", "$HOME"]);
	const pwd = await arbor.exec("pwd");
	const missing = await arbor.exec("no-such-program-xyz", []);
	const slow = await arbor.exec("sleep", ["5"], { timeout: 100 });
	const failing = await arbor.exec("sh", ["-c", "echo oops >&2; exit 3"]);
	return JSON.stringify({ echo, pwd: pwd.stdout.trim(), missing: missing.code, slow: slow.killed, failing });
} });\n`,
		);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "probe"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "probed\n" });
		const result = JSON.parse(sentMessages(server.requests[1]!.body).find((m: { role: string }) => m.role === "tool").content);
		expect(result).toEqual({
			echo: { stdout: "a b|$HOME|", stderr: "", code: 0, killed: false },
			pwd: realpathSync(cwd),
			missing: 127,
			slow: true,
			failing: { stdout: "", stderr: "oops\n", code: 3, killed: false },
		});
	});
});

describe("user_bash for an RPC client's bash (pi's)", () => {
	it("the handler's command runs; the result names the command as sent", async () => {
		try {
			const rpc = await startRpc([], [], {
				extensions: (cwd) => write(join(cwd, ".arbor", "extensions", "prefix.ts"), `export default (arbor: any) => arbor.on("user_bash", (e: any) => ({ command: "echo from-hook && " + e.command }));\n`),
			});
			const result = await rpc.client.bash("echo typed");
			expect(result.output).toBe("from-hook\ntyped");
			expect(result.exitCode).toBe(0);
		} finally {
			await cleanUp();
		}
	});
});
