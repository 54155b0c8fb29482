import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startAcp, type AcpHarness } from "../helpers/acp-client.js";
import type { SessionNotification } from "@agentclientprotocol/sdk/unstable";
import { place } from "../helpers/print-run.js";
import { startSseServer, toolCallReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";

let acp: AcpHarness | undefined;
let at: { cwd: string; home: string } | undefined;
afterEach(async () => {
	if (acp?.child.exitCode === null) await acp.end();
	acp = undefined;
	if (at) fs.rmSync(at.cwd, { recursive: true, force: true });
});

/** The JSON-RPC error a request failed with. */
async function refusal(request: Promise<unknown>): Promise<{ code: number; message: string }> {
	const error = (await request.then(
		() => undefined,
		(e: unknown) => e,
	)) as { code: number; message: string } | undefined;
	if (!error) throw new Error("the request was accepted");
	return { code: error.code, message: error.message };
}

describe("ACP: a session's cwd must be an absolute path of an existing folder", () => {
	it("relative, empty, missing or a file: session/new and session/load answer invalid params; a good one opens", async () => {
		at = place("arbor-acp-cwd-");
		const file = path.join(at.cwd, "a-file");
		fs.writeFileSync(file, "x");
		acp = startAcp(["--model", "compat:test-model", "--base-url", "http://127.0.0.1:9/v1"], at);
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const cases: [string, RegExp][] = [
			["some/where", /is not an absolute path/],
			["", /empty value/],
			[path.join(at.cwd, "missing"), /does not exist/],
			[file, /is not a folder/],
		];
		for (const [cwd, why] of cases) {
			const made = await refusal(acp.agent.request("session/new", { cwd, mcpServers: [] }));
			expect(made.code).toBe(-32602);
			expect(JSON.stringify(made)).toMatch(why);
			const loaded = await refusal(acp.agent.request("session/load", { sessionId: "nosuch", cwd, mcpServers: [] }));
			expect(loaded.code).toBe(-32602);
		}
		// Nothing was made for the refused folders.
		expect(fs.existsSync(path.join(at.cwd, "missing"))).toBe(false);
		const good = await acp.agent.request("session/new", { cwd: at.cwd, mcpServers: [] });
		expect(good.sessionId).toMatch(/\S/);
	});
});

describe("ACP: a message over the SDK's 32 MiB limit", () => {
	it("ends arbor acp with a word on stderr (arbor: prefix) and exit 1, not a silent exit 0", async () => {
		at = place("arbor-acp-big-");
		acp = startAcp(["--model", "compat:test-model", "--base-url", "http://127.0.0.1:9/v1"], at);
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		acp.send(`{"jsonrpc":"2.0","id":9,"method":"session/prompt","params":{"text":"${"x".repeat(33 * 1024 * 1024)}"}}`);
		const { code } = await acp.exit();
		expect(code).toBe(1);
		expect(acp.raw.stderr).toMatch(/^arbor: acp input: .*33554432 byte limit; arbor acp stopped \(every session closed\)\n$/m);
	});
});

describe("ACP: a tool call cancelled while its permission question is open", () => {
	it("is closed (failed, saying cancelled) live and in the replay of session/load, never left pending", async () => {
		const server = await startSseServer([toolCallReply([{ id: "call_q", name: "write", args: { path: "q.txt", content: "x" } }])]);
		try {
			at = place("arbor-acp-cancel-");
			const args = ["--model", "compat:test-model", "--base-url", server.url];
			acp = startAcp(args, at);
			acp.answer = () => new Promise(() => {});
			await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
			const { sessionId } = await acp.agent.request("session/new", { cwd: at.cwd, mcpServers: [] });
			const pending = acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "write q" }] });
			await waitFor(() => acp?.permissions.length === 1, { what: "the permission request" });
			await acp.agent.notify("session/cancel", { sessionId });
			expect((await pending).stopReason).toBe("cancelled");
			const last = (updates: SessionNotification[]) => updates.map((n) => n.update).filter((u) => "toolCallId" in u && u.toolCallId === "call_q").at(-1);
			await waitFor(() => last(acp!.updates) && (last(acp!.updates) as { status?: string }).status !== "pending", { what: "the call closed" });
			expect(last(acp.updates)).toMatchObject({ sessionUpdate: "tool_call_update", status: "failed" });
			await acp.end();
			acp = startAcp(args, at);
			await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
			await acp.agent.request("session/load", { sessionId, cwd: at.cwd, mcpServers: [] });
			expect(last(acp.updates)).toMatchObject({ sessionUpdate: "tool_call_update", status: "failed" });
			expect(fs.existsSync(path.join(at.cwd, "q.txt"))).toBe(false);
		} finally {
			await server.close();
		}
	});
});
