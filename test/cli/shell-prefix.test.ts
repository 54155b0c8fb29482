import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { cleanUp, startRpc } from "../rpc/helpers.js";

const fx = useCliProject();
afterEach(async () => {
	await cleanUp();
});

describe("settings shellCommandPrefix (pi's): run before every bash command", () => {
	it("the bash tool's command runs after the prefix, in the same shell; the stored call is the command alone", async () => {
		const server = await fx.serve([toolCallReply([{ id: "c1", name: "bash", args: { command: "greet" } }]), textReply("done")]);
		const { cwd, home } = fx;
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "settings.json"), JSON.stringify({ shellCommandPrefix: "shopt -s expand_aliases\nalias greet='echo hello from the prefix'" }));
		const run = await runCli(["-p", ...model(server.url), "--tools", "bash", "say hi"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "done\n" });
		const result = sentMessages(server.requests[1]!.body).find((m: { role: string }) => m.role === "tool");
		expect(result.content).toContain("hello from the prefix");
		const call = entries(sessionFiles(home)[0]!).find((e) => e.message?.role === "assistant").message.content.find((p: { type: string }) => p.type === "toolCall");
		expect(call.arguments).toEqual({ command: "greet" });
	});

	it("RPC's bash (pi's !command) runs after it too", async () => {
		const rpc = await startRpc([], [], {
			before: ({ home }) => writeFileSync(join(home, "settings.json"), JSON.stringify({ shellCommandPrefix: "export GREETING='from the prefix'" })),
		});
		const result = await rpc.client.bash("echo $GREETING");
		expect(result.output).toBe("from the prefix");
		expect(result.exitCode).toBe(0);
	});
});
