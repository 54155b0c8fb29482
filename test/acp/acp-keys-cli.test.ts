/** Keys stay secret under an editor too: ACP's output and the session never carry a configured key. */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agentText, startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { errorReply, startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";

let server: SseServer | undefined;
let acp: AcpHarness | undefined;
afterEach(async () => {
	if (acp?.child.exitCode === null) await acp.end();
	await server?.close();
	server = acp = undefined;
});

const FLAG_KEY = "zq-acp-api-key-flag-secret-6620";

describe("arbor acp keeps the --api-key value secret", () => {
	it("a reply or a provider error that echoes it is redacted in every message and in the session", async () => {
		server = await startSseServer([textReply(`You typed ${FLAG_KEY}.`), errorReply(401, `invalid key ${FLAG_KEY}`)]);
		const cwd = mkdtempSync(join(tmpdir(), "arbor-acp-"));
		const home = join(cwd, "home");
		acp = startAcp(["--model", "compat:test-model", "--base-url", server.url, "--api-key", FLAG_KEY], { cwd, home });
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request("session/new", { cwd, mcpServers: [] });
		expect((await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "echo" }] })).stopReason).toBe("end_turn");
		expect(agentText(acp.updates, sessionId)).toBe("You typed [redacted].");
		await expect(acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "again" }] })).rejects.toThrow("invalid key [redacted]");
		await acp.end();
		const dir = join(home, "sessions", readdirSync(join(home, "sessions"))[0]!);
		const stored = readdirSync(dir).filter((f) => f.endsWith(".jsonl")).map((f) => readFileSync(join(dir, f), "utf8")).join("");
		for (const text of [acp.raw.stdout, acp.raw.stderr, stored]) expect(text).not.toContain(FLAG_KEY);
	});
});
