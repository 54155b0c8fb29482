/**
 * MCP in RPC and ACP through the built CLI (docs/mcp.md): RPC's get_state lists the servers' tools
 * once they joined and a call is asked about (allow once / always / deny); ACP's `session/new`
 * starts the editor's servers (stdio and Streamable HTTP) for that session, behind its permission
 * question.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { McpServer, SessionNotification } from "@agentclientprotocol/sdk/unstable";
import { agentText, choose, startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { write } from "../helpers/write-file.js";
import { answerConfirm, cleanUp, startRpc } from "../rpc/helpers.js";
import { EVERYTHING, everythingStdio, startEverythingHttp } from "./servers.js";

afterEach(cleanUp);

describe("MCP over RPC", () => {
	it("get_state lists mcp__ tools and get_commands the MCP prompts once the server is ready; a call asks first and 'always' stops asking", async () => {
		const echo = (id: string, message: string) => toolCallReply([{ id, name: "mcp__everything__echo", args: { message } }]);
		const rpc = await startRpc([echo("c1", "one"), echo("c2", "two"), textReply("done")], [], { before: ({ home }) => write(join(home, "settings.json"), JSON.stringify({ mcpServers: { everything: everythingStdio() } })) });
		const tools = await waitFor(async () => {
			const state = await rpc.send({ type: "get_state" });
			return state.data.tools.includes("mcp__everything__echo") ? state.data.tools : undefined;
		}, { what: "the MCP tools in get_state", timeoutMs: 20_000 });
		expect(tools).toEqual(expect.arrayContaining(["read", "bash", "mcp__everything__echo", "mcp__everything__get-sum"]));
		const commands = (await rpc.send({ type: "get_commands" })).data.commands;
		expect(commands).toContainEqual(expect.objectContaining({ name: "mcp__everything__args-prompt", description: "A prompt with two arguments, one required and one optional", source: "prompt" }));
		await rpc.client.prompt("go");
		const question = await answerConfirm(rpc, { value: "always" });
		expect(question.message ?? question.title).toContain("mcp__everything__echo");
		await rpc.client.waitForIdle(20_000);
		expect(rpc.events.filter((e) => e.type === "extension_ui_request" && e.method === "confirm")).toHaveLength(1);
		const results = rpc.events.filter((e) => e.type === "tool_execution_end").map((e) => e.result?.content?.[0]?.text ?? e.result);
		expect(JSON.stringify(results)).toContain("Echo: one");
		expect(JSON.stringify(results)).toContain("Echo: two");
	}, 40_000);
});

describe("MCP over ACP: the editor's servers", () => {
	let server: SseServer | undefined;
	let http: Awaited<ReturnType<typeof startEverythingHttp>>;
	const running: AcpHarness[] = [];
	beforeAll(async () => {
		http = await startEverythingHttp();
	}, 30_000);
	afterAll(async () => http?.close());
	afterEach(async () => {
		for (const acp of running.splice(0)) if (acp.child.exitCode === null) await acp.end();
		await server?.close();
	});
	const of = (updates: SessionNotification[], id: string) => updates.filter((n) => n.sessionId === id).map((n) => n.update);

	for (const transport of ["stdio", "http"] as const) {
		it(`${transport}: session/new's mcpServers start for the session; a call is asked about and runs`, async () => {
			server = await startSseServer([toolCallReply([{ id: "m1", name: "mcp__editor__echo", args: { message: "from zed" } }]), textReply("Done.")]);
			const cwd = mkdtempSync(join(tmpdir(), "arbor-acp-mcp-"));
			const acp = startAcp(["--model", "compat:test-model", "--base-url", server.url], { cwd, home: join(cwd, "home") });
			running.push(acp);
			acp.answer = choose("allow_once");
			const init = await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
			expect(init.agentCapabilities?.mcpCapabilities).toEqual({ http: true, sse: true });
			const mcpServers: McpServer[] =
				transport === "stdio"
					? [{ name: "editor", command: process.execPath, args: [EVERYTHING, "stdio"], env: [{ name: "FROM", value: "editor" }] }]
					: [{ type: "http" as const, name: "editor", url: http.url, headers: [] }];
			const { sessionId } = await acp.agent.request("session/new", { cwd, mcpServers });
			const answer = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "echo" }] });
			expect(answer.stopReason).toBe("end_turn");
			expect(acp.permissions).toHaveLength(1);
			expect(server.requests[0]!.body.tools.map((t: any) => t.function.name)).toContain("mcp__editor__echo");
			expect(JSON.stringify(of(acp.updates, sessionId))).toContain("Echo: from zed");
			expect(agentText(acp.updates, sessionId)).toBe("Done.");
		}, 40_000);
	}
});
