import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useCliProject();

describe("a tool_call handler that throws blocks the call (fail closed, as pi)", () => {
	it("-p: the bash call never runs, the model is told why, the warning names the extension", async () => {
		const server = await fx.serve([toolCallReply([{ id: "c1", name: "bash", args: { command: "touch ran" } }]), textReply("done")]);
		const { cwd } = fx;
		const gate = join(cwd, "gate.ts");
		writeFileSync(gate, `export default function (pi: any) { pi.on("tool_call", () => { throw new Error("policy service down"); }); }\n`);
		const run = await fx.print(["--tools", "bash", "-y", "--extension", gate, "go"]);
		expect(run.code).toBe(0);
		expect(existsSync(join(cwd, "ran"))).toBe(false);
		expect(run.stderr).toContain(`arbor: warning: extension ${gate}: tool_call handler failed: policy service down\n`);
		const tool = (server.requests[1]!.body.messages as { role: string; content: string }[]).find((m) => m.role === "tool");
		expect(tool?.content).toContain(`extension ${gate}: the tool_call handler failed: policy service down; blocking the call`);
	});
});
