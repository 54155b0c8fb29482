import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, useArborRun, waitForReply } from "../helpers/arbor-tmux.js";
import type { ArborTerminal } from "../helpers/arbor-terminal.js";
import { startChat } from "../helpers/chat-run.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";
import { waitFor } from "../helpers/wait-for.js";
import { trustProject } from "../../source/config/trust.js";

const fx = useArborRun<ArborTerminal>();


const toolExtension = (name: string) => `
export default function (arbor: any) {
	arbor.registerTool({
		name: "${name}",
		description: "${name} the site",
		parameters: { type: "object", properties: { env: { type: "string" } } },
		execute: (args: any) => "${name} done on " + args.env,
	});
}
`;

const offered = (body: { tools?: { function: { name: string } }[] }) => (body.tools ?? []).map((t) => t.function.name);

describe("extension tools in the chat (virtual terminal)", () => {
	it("the model calls an extension's tool without a question; the transcript shows the call and its output; /reload brings the edited extension's tools", async () => {
		const replies = [toolCallReply([{ id: "c1", name: "deploy", args: { env: "staging" } }]), textReply("Shipped"), textReply("Only rollback now")];
		const { t, dir, home, server } = await startChat(fx, { prefix: "ext-tools", files: { ".arbor/extensions/site.ts": toolExtension("deploy") }, replies });
		const file = join(dir, ".arbor", "extensions", "site.ts");
		await submitLine(t, "ship it");
		const screen = await waitForReply(t, "Shipped");
		expect(screen).toContain('deploy {"env":"staging"}');
		expect(screen).toContain("deploy done on staging");
		expect(screen).not.toContain("Allow");
		expect(offered(server.requests[0]!.body)).toContain("deploy");
		write(file, toolExtension("rollback"));
		// The changed .arbor/ trusted again, as `arbor trust` does (docs/trust.md).
		trustProject({ cwd: dir, home });
		await submitLine(t, "/reload");
		await t.waitForScreen((s) => s.includes("Reloaded: 1 extension"), "reloaded");
		await submitLine(t, "what now");
		await t.waitForScreen((s) => s.includes("Only rollback now"), "the turn after the reload");
		const after = offered(server.requests[2]!.body);
		expect(after).toContain("rollback");
		expect(after).not.toContain("deploy");
		await quit(t);
	}, 60_000);

	it("a tool_call handler that blocks a bash command: no question is asked, the model gets the reason", async () => {
		const guard = `export default function (arbor: any) {
	arbor.on("tool_call", (event: any) => event.toolName === "bash" && /rm -rf/.test(event.input.command) ? { block: true, reason: "no rm -rf here" } : undefined);
}
`;
		const replies = [toolCallReply([{ id: "c1", name: "bash", args: { command: "rm -rf build" } }]), textReply("Not removed")];
		const { t, server } = await startChat(fx, { prefix: "ext-tools", files: { ".arbor/extensions/guard.ts": guard }, replies });
		await submitLine(t, "clean up");
		const screen = await waitForReply(t, "Not removed");
		expect(screen).toContain("blocked by an extension: no rm -rf here");
		expect(screen).not.toContain("Allow bash");
		const result = server.requests[1]!.body.messages.find((m: { role: string }) => m.role === "tool");
		expect(result.content).toContain("blocked by an extension: no rm -rf here");
		await quit(t);
	}, 60_000);

	it("a turn_start handler's systemPrompt is the chat turn's system prompt", async () => {
		const plan = `export default (arbor: any) => arbor.on("turn_start", (e: any) => ({ systemPrompt: e.systemPrompt + "\\n\\nPlan mode: do not edit files." }));\n`;
		const { t, server } = await startChat(fx, { prefix: "ext-tools", files: { ".arbor/extensions/plan.ts": plan }, replies: [textReply("Planning only")] });
		await submitLine(t, "refactor it");
		await waitForReply(t, "Planning only");
		const system = server.requests[0]!.body.messages.find((m: { role: string }) => m.role === "system").content as string;
		expect(system.startsWith("You are arbor")).toBe(true);
		expect(system.endsWith("\n\nPlan mode: do not edit files.")).toBe(true);
		await quit(t);
	}, 60_000);

	it("sendUserMessage from a command: sent as if typed, a turn of its own", async () => {
		const review = `export default (arbor: any) => arbor.registerCommand("review", { description: "review a file", handler: (args: string) => arbor.sendUserMessage("Review " + args + " for bugs") });\n`;
		const { t, server } = await startChat(fx, { prefix: "ext-tools", files: { ".arbor/extensions/review.ts": review }, replies: [textReply("Looks fine")] });
		await submitLine(t, "/review src/a.ts");
		const screen = await waitForReply(t, "Looks fine");
		expect(screen).toContain("› Review src/a.ts for bugs");
		const user = server.requests[0]!.body.messages.filter((m: { role: string }) => m.role === "user").at(-1);
		expect(user.content).toBe("Review src/a.ts for bugs");
		await quit(t);
	}, 60_000);

	it("an input handler's text is what the chat turn sends and the transcript shows", async () => {
		const loud = `export default (arbor: any) => arbor.on("input", (e: any) => ({ text: e.text.toUpperCase() }));\n`;
		const { t, server } = await startChat(fx, { prefix: "ext-tools", files: { ".arbor/extensions/loud.ts": loud }, replies: [textReply("Heard")] });
		await submitLine(t, "speak up");
		const screen = await waitForReply(t, "Heard");
		expect(screen).toContain("› SPEAK UP");
		expect(server.requests[0]!.body.messages.filter((m: { role: string }) => m.role === "user").at(-1).content).toBe("SPEAK UP");
		await quit(t);
	}, 60_000);

	it("/model tells model_select handlers the model and the one before", async () => {
		const log = `import { appendFileSync } from "node:fs";\nexport default (arbor: any) => arbor.on("model_select", (e: any, ctx: any) => appendFileSync(ctx.cwd + "/models.log", JSON.stringify(e) + "\\n"));\n`;
		const { t, dir } = await startChat(fx, { prefix: "ext-tools", files: { ".arbor/extensions/log.ts": log } });
		await submitLine(t, "/model compat:other-model");
		await t.waitForScreen((s) => s.includes("Model: compat:other-model"), "switched");
		await waitFor(() => existsSync(join(dir, "models.log")), { what: "the event logged" });
		expect(JSON.parse(readFileSync(join(dir, "models.log"), "utf8"))).toEqual({ model: "compat:other-model", previousModel: "compat:test-model", source: "set" });
		await quit(t);
	}, 60_000);

	it("user_bash: a handler may run another command for !command, or answer it without running; shown under the command as typed", async () => {
		const hook = `export default (arbor: any) => arbor.on("user_bash", (e: any) => e.command === "whoami" ? { output: "not telling", exitCode: 1 } : { command: "echo rewritten: " + e.command });\n`;
		const { t } = await startChat(fx, { prefix: "ext-tools", files: { ".arbor/extensions/hook.ts": hook } });
		await submitLine(t, "!ls");
		await t.waitForScreen((s) => s.includes("rewritten: ls"), "the rewritten command's output");
		await submitLine(t, "!whoami");
		await t.waitForScreen((s) => s.includes("not telling"), "the answer");
		// The transcript names each command as typed (the rewritten one only ran).
		const screen = t.capture();
		expect(screen).not.toContain("echo rewritten");
		expect(screen).toMatch(/ls\n[\s\S]*rewritten: ls/);
		await quit(t);
	}, 60_000);
});

describe("examples/extensions/branch-todos.ts in the chat", () => {
	it("the branch's list shows above the editor once the model adds to it", async () => {
		const example = readFileSync(join(import.meta.dirname, "../../examples/extensions/branch-todos.ts"), "utf8");
		const replies = [toolCallReply([{ id: "a1", name: "todo", args: { action: "add", text: "write tests" } }]), textReply("Planned")];
		const { t } = await startChat(fx, { prefix: "ext-tools", files: { ".arbor/extensions/branch-todos.ts": example }, replies });
		await submitLine(t, "plan it");
		await waitForReply(t, "Planned");
		await t.waitForScreen((s) => /Todos on this branch:\n1\. \[ \] write tests\n\n›/.test(s), "the list above the editor");
		await quit(t);
	}, 60_000);
});
