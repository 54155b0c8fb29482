import { afterEach, describe, expect, it } from "vitest";
import { startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";
import { git, handSession, makeWorld, sessionsOf, type World } from "./world.js";

let server: SseServer | undefined;
let acp: AcpHarness | undefined;
let w: World | undefined;
afterEach(async () => {
	if (acp && acp.child.exitCode === null) await acp.end();
	await server?.close();
	w?.done();
});

describe("ACP _arbor/sync", () => {
	it("syncs the session's project: the open session is pushed, another machine's session is fetched; a failure is an error with git's reason", async () => {
		w = makeWorld();
		handSession(w.b, "from the desktop");
		expect((await w.cli(w.b, ["sync"])).code).toBe(0);
		server = await startSseServer([textReply("Hello.")]);
		acp = startAcp(["--model", "compat:test-model", "--base-url", server.url], w.a);
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request("session/new", { cwd: w.a.cwd, mcpServers: [] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hi" }] });
		const report = await acp.agent.request<{ sent: number; received: number; sessions: { id: string }[] }>("_arbor/sync", { sessionId });
		expect({ sent: report.sent, received: report.received, ids: report.sessions.map((s) => s.id).sort() }).toMatchObject({ received: 2, ids: expect.arrayContaining([sessionId]) });
		expect(report.sent).toBeGreaterThan(0);
		expect(sessionsOf(w.a)).toHaveLength(2);
		expect(git(w.remote, "for-each-ref", "--format=%(refname)", "refs/arbor/")).toContain(`refs/arbor/sessions/${sessionId}`);
		await expect(acp.agent.request("_arbor/sync", { sessionId, remote: "upstream" })).rejects.toMatchObject({ code: -32603, message: expect.stringContaining("no such remote: upstream") });
	});
});
