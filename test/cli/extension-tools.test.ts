import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { cleanUp, startRpc } from "../rpc/helpers.js";
import { waitFor } from "../helpers/wait-for.js";
import { write } from "../helpers/write-file.js";

// The projects here are the tests' own: their -p runs pass --trust-project so the .arbor/ acts (docs/trust.md).

const fx = useCliProject();
afterEach(async () => {
	await cleanUp();
});


/** An extension with the tool `deploy` ({env}), one that fails, one of pi's result shape, and two registrations arbor refuses. */
const DEPLOY = `
export default function (arbor: any) {
	arbor.registerTool({
		name: "deploy",
		description: "Deploy the site to an environment",
		parameters: { type: "object", properties: { env: { type: "string", description: "staging or production" } }, required: ["env"] },
		execute: async (args: any, ctx: any) => "deployed " + args.env + " from " + ctx.cwd.split("/").pop(),
	});
	arbor.registerTool({ name: "flaky", description: "Always fails", execute: () => { throw new Error("the build server is down"); } });
	arbor.registerTool({ name: "pi_style", description: "Answers as pi's tools do", execute: () => ({ content: [{ type: "text", text: "line one" }, { type: "text", text: "line two" }] }) });
	arbor.registerTool({ name: "bash", description: "mine", execute: () => "no" });
	arbor.registerTool({ name: "nodesc", execute: () => "no" });
}
`;

const toolResults = (body: unknown): { content: string }[] => sentMessages(body).filter((m: { role: string }) => m.role === "tool");

describe("extension tools (arbor.registerTool)", () => {
	it("-p: the model gets the tools with their schemas, calls them, and gets their text, errors and pi-shaped results; refused registrations are one warning each", async () => {
		const server = await fx.serve([
			toolCallReply([
				{ id: "c1", name: "deploy", args: { env: "staging" } },
				{ id: "c2", name: "flaky", args: {} },
				{ id: "c3", name: "pi_style", args: {} },
			]),
			textReply("all done"),
		]);
		const { cwd, home } = fx;
		write(join(cwd, ".arbor", "extensions", "deploy.ts"), DEPLOY);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "ship it"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("all done\n");
		const file = join(cwd, ".arbor", "extensions", "deploy.ts");
		expect(run.stderr).toContain(`arbor: warning: extension ${file}: registerTool: "bash" is a built-in tool; not added\n`);
		expect(run.stderr).toContain(`arbor: warning: extension ${file}: registerTool: nodesc: needs a description (a string); not added\n`);
		const offered = server.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
		expect(offered).toEqual(expect.arrayContaining(["read", "deploy", "flaky", "pi_style"]));
		expect(offered.filter((n: string) => n === "bash" || n === "nodesc")).toEqual([]);
		const deploy = server.requests[0]!.body.tools.find((t: { function: { name: string } }) => t.function.name === "deploy");
		expect(deploy.function.description).toBe("Deploy the site to an environment");
		expect(deploy.function.parameters.properties.env).toEqual({ type: "string", description: "staging or production" });
		const results = toolResults(server.requests[1]!.body).map((m) => m.content);
		expect(results[0]).toBe(`deployed staging from ${cwd.split("/").pop()}`);
		expect(results[1]).toContain("the build server is down");
		expect(results[2]).toBe("line one\nline two");
		// Stored as pi stores a tool's result: its name, its text, an error marked.
		const stored = entries(sessionFiles(home)[0]!).filter((e) => e.message?.role === "toolResult").map((e) => e.message);
		// (Stored as each call ends: in any order.)
		expect(stored.map((m) => [m.toolName, m.isError]).sort()).toEqual([["deploy", false], ["flaky", true], ["pi_style", false]]);
	});

	it("--no-extensions: no extension tools", async () => {
		const server = await fx.serve([textReply("plain")]);
		const { cwd, home } = fx;
		write(join(cwd, ".arbor", "extensions", "deploy.ts"), DEPLOY);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "--no-extensions", "hi"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "plain\n", stderr: "" });
		const offered = server.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
		expect(offered).not.toContain("deploy");
	});

	it("RPC (pi's RpcClient): a prompt's turn calls the extension's tool", async () => {
		const rpc = await startRpc([toolCallReply([{ id: "c1", name: "deploy", args: { env: "production" } }]), textReply("shipped")], [], {
			// Without the two refused registrations: their warnings would go to the test's stderr.
			extensions: (cwd) => write(join(cwd, ".arbor", "extensions", "deploy.ts"), DEPLOY.split("\n").filter((line) => !/name: "(bash|nodesc)"/.test(line)).join("\n")),
		});
		await rpc.client.promptAndWait("ship it");
		expect(toolResults(rpc.server.requests[1]!.body)[0]!.content).toMatch(/^deployed production from /);
		expect(await rpc.client.getLastAssistantText()).toBe("shipped");
	});

	it("tool_call handlers see every call first (built-in or an extension's) and may block it: the model gets the reason as the call's error", async () => {
		const server = await fx.serve([
			toolCallReply([
				{ id: "c1", name: "read", args: { path: "secret.txt" } },
				{ id: "c2", name: "read", args: { path: "notes.txt" } },
				{ id: "c3", name: "deploy", args: { env: "production" } },
			]),
			textReply("understood"),
		]);
		const { cwd, home } = fx;
		write(join(cwd, "secret.txt"), "the password\n");
		write(join(cwd, "notes.txt"), "plain notes\n");
		write(join(cwd, ".arbor", "extensions", "deploy.ts"), DEPLOY);
		write(
			join(cwd, ".arbor", "extensions", "guard.ts"),
			`import { appendFileSync } from "node:fs";
export default function (arbor: any) {
	arbor.on("tool_call", (event: any) => {
		appendFileSync(${JSON.stringify(join(cwd, "calls.log"))}, event.toolName + " " + JSON.stringify(event.input) + "\\n");
		if (event.toolName === "read" && String(event.input.path).includes("secret")) return { block: true, reason: "secret files are off limits" };
		if (event.toolName === "deploy" && event.input.env === "production") return { block: true };
	});
}
`,
		);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "look around"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "understood\n" });
		const results = toolResults(server.requests[1]!.body).map((m) => m.content);
		expect(results[0]).toContain("blocked by an extension: secret files are off limits");
		expect(results[0]).not.toContain("password");
		expect(results[1]).toContain("plain notes");
		expect(results[2]).toMatch(/blocked by an extension$/);
		const log = readFileSync(join(cwd, "calls.log"), "utf8").split("\n").sort();
		expect(log).toEqual(["", 'deploy {"env":"production"}', 'read {"path":"notes.txt"}', 'read {"path":"secret.txt"}']);
	});

	it("dialogs: an RPC client gets pi's select/confirm/input requests and its answers reach the extension; -p has no UI (hasUI false, no answer)", async () => {
		const CHOOSE = `
export default function (arbor: any) {
	arbor.registerTool({
		name: "choose",
		description: "Ask the user",
		execute: async (_args: any, ctx: any) => {
			if (!ctx.hasUI) return "no UI: " + (await ctx.ui.confirm("Go?")) + " " + (await ctx.ui.select("Env?", ["a"])) + " " + (await ctx.ui.input("Name?"));
			const env = await ctx.ui.select("Which environment?", ["staging", "production"]);
			const sure = await ctx.ui.confirm("Deploy " + env + "?", "This cannot be undone.");
			const note = await ctx.ui.input("A note for the log?", "optional");
			return [env, sure, note].join(" / ");
		},
	});
}
`;
		const rpc = await startRpc([toolCallReply([{ id: "c1", name: "choose", args: {} }]), textReply("asked")], [], {
			extensions: (cwd) => write(join(cwd, ".arbor", "extensions", "choose.ts"), CHOOSE),
		});
		const done = rpc.client.promptAndWait("ask me");
		const answer = async (method: string, reply: object) => {
			const request = await waitFor(() => rpc.events.find((e) => e.type === "extension_ui_request" && e.method === method), { what: `a ${method} request` });
			rpc.raw(`${JSON.stringify({ type: "extension_ui_response", id: request.id, ...reply })}\n`);
			return request;
		};
		expect(await answer("select", { value: "production" })).toMatchObject({ title: "Which environment?", options: ["staging", "production"] });
		expect(await answer("confirm", { confirmed: true })).toMatchObject({ title: "Deploy production?", message: "This cannot be undone." });
		expect(await answer("input", { cancelled: true })).toMatchObject({ title: "A note for the log?", placeholder: "optional" });
		await done;
		expect(toolResults(rpc.server.requests[1]!.body)[0]!.content).toBe("production / true / ");

		const server = await fx.serve([toolCallReply([{ id: "c1", name: "choose", args: {} }]), textReply("nobody to ask")]);
		const { cwd, home } = fx;
		write(join(cwd, ".arbor", "extensions", "choose.ts"), CHOOSE);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "ask me"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "nobody to ask\n" });
		expect(toolResults(server.requests[1]!.body)[0]!.content).toBe("no UI: false undefined undefined");
	});

	it("tool_result handlers may change what the model gets of a call that ran or failed (each sees the one before); stored as changed", async () => {
		const server = await fx.serve([
			toolCallReply([
				{ id: "c1", name: "read", args: { path: "notes.txt" } },
				{ id: "c2", name: "read", args: { path: "missing.txt" } },
				{ id: "c3", name: "read", args: { path: "gone.txt" } },
			]),
			textReply("seen"),
		]);
		const { cwd, home } = fx;
		write(join(cwd, "notes.txt"), "quiet notes\n");
		write(join(cwd, ".arbor", "extensions", "1-loud.ts"), `export default (arbor: any) => arbor.on("tool_result", (e: any) => e.isError ? undefined : { output: e.output.toUpperCase() });\n`);
		write(
			join(cwd, ".arbor", "extensions", "2-mark.ts"),
			`export default (arbor: any) => arbor.on("tool_result", (e: any) => {
	if (e.input.path === "gone.txt") return { output: "no gone.txt, and that is fine", isError: false };
	return { output: e.output + " [seen by " + e.toolName + (e.isError ? ", failed" : "") + "]" };
});\n`,
		);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "read them"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "seen\n" });
		const results = toolResults(server.requests[1]!.body).map((m) => m.content);
		expect(results[0]).toMatch(/QUIET NOTES\n? \[seen by read\]$/);
		expect(results[1]).toMatch(/missing\.txt.* \[seen by read, failed\]$/s);
		expect(results[2]).toBe("no gone.txt, and that is fine");
		const stored = entries(sessionFiles(home)[0]!).filter((e) => e.message?.role === "toolResult").map((e) => e.message);
		const byId = Object.fromEntries(stored.map((m) => [m.toolCallId, m]));
		expect(byId.c1.content[0].text).toMatch(/QUIET NOTES/);
		expect(byId.c2.isError).toBe(true);
		expect(byId.c3).toMatchObject({ isError: false, content: [{ type: "text", text: "no gone.txt, and that is fine" }] });
	});

	it("sendUserMessage: an RPC run takes it as a follow-up turn when it comes from a running tool; -p has no chat to send to (one warning)", async () => {
		const LATER = `
export default function (arbor: any) {
	arbor.registerTool({ name: "later", description: "Remind me", execute: () => { arbor.sendUserMessage("and then this"); return "queued"; } });
	arbor.on("turn_end", (e: any) => { if (e.prompt === "say hi") arbor.sendUserMessage("again"); });
}
`;
		const rpc = await startRpc([toolCallReply([{ id: "c1", name: "later", args: {} }]), textReply("first done"), textReply("then done")], [], {
			extensions: (cwd) => write(join(cwd, ".arbor", "extensions", "later.ts"), LATER),
		});
		await rpc.client.promptAndWait("remind me");
		const last = (body: unknown) => sentMessages(body).filter((m: { role: string }) => m.role === "user").at(-1).content;
		expect(rpc.server.requests).toHaveLength(3);
		expect(last(rpc.server.requests[2]!.body)).toBe("and then this");
		expect(await rpc.client.getLastAssistantText()).toBe("then done");

		const server = await fx.serve([textReply("hi")]);
		const { cwd, home } = fx;
		const file = write(join(cwd, ".arbor", "extensions", "later.ts"), LATER);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "say hi"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "hi\n" });
		expect(run.stderr).toBe(`arbor: warning: extension ${file}: turn_end handler failed: sendUserMessage needs the chat or an RPC client (not print mode, ACP or a subcommand)\n`);
		expect(server.requests).toHaveLength(1);
	});

	it("setStatus and setWidget reach an RPC client as pi's fire-and-forget requests", async () => {
		const STATUS = `export default (arbor: any) => arbor.on("turn_start", (_e: any, ctx: any) => { ctx.ui.setStatus("turns", "turn running"); ctx.ui.setStatus("old", undefined); ctx.ui.setWidget("todos", ["1. ship"]); });\n`;
		const rpc = await startRpc([textReply("ok")], [], { extensions: (cwd) => write(join(cwd, ".arbor", "extensions", "status.ts"), STATUS) });
		await rpc.client.promptAndWait("hi");
		const sets = rpc.events.filter((e) => e.type === "extension_ui_request" && e.method === "setStatus");
		expect(sets).toEqual([
			{ type: "extension_ui_request", id: expect.any(String), method: "setStatus", statusKey: "turns", statusText: "turn running" },
			{ type: "extension_ui_request", id: expect.any(String), method: "setStatus", statusKey: "old" },
		]);
		expect(rpc.events.find((e) => e.type === "extension_ui_request" && e.method === "setWidget")).toEqual({
			type: "extension_ui_request",
			id: expect.any(String),
			method: "setWidget",
			widgetKey: "todos",
			widgetLines: ["1. ship"],
			widgetPlacement: "aboveEditor",
		});
	});
});
