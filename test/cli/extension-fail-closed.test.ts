import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { model, place } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe("a tool_call handler that throws blocks the call (fail closed, as pi)", () => {
	it("-p: the bash call never runs, the model is told why, the warning names the extension", async () => {
		server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command: "touch ran" } }]), textReply("done")]);
		const { cwd, home } = place();
		const gate = join(cwd, "gate.ts");
		writeFileSync(gate, `export default function (pi: any) { pi.on("tool_call", () => { throw new Error("policy service down"); }); }\n`);
		const run = await runCli(["-p", ...model(server.url), "--tools", "bash", "-y", "--extension", gate, "go"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(existsSync(join(cwd, "ran"))).toBe(false);
		expect(run.stderr).toContain(`arbor: warning: extension ${gate}: tool_call handler failed: policy service down\n`);
		const tool = (server.requests[1]!.body.messages as { role: string; content: string }[]).find((m) => m.role === "tool");
		expect(tool?.content).toContain(`extension ${gate}: the tool_call handler failed: policy service down; blocking the call`);
	});
});
