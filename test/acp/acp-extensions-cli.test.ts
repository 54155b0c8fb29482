/** Extensions under an editor (the ACP SDK's client): their tools, hooks and (no) dialogs. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agentText, startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { sentMessages } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";

let server: SseServer | undefined;
let acp: AcpHarness | undefined;
afterEach(async () => {
	if (acp?.child.exitCode === null) await acp.end();
	await server?.close();
	server = acp = undefined;
});

describe("arbor acp with extensions (the ACP SDK's client)", () => {
	it("the model calls an extension's tool, whose dialog has nobody to ask there; turn_start's system prompt is sent", async () => {
		server = await startSseServer([toolCallReply([{ id: "c1", name: "stamp", args: { text: "hi" } }]), textReply("Stamped.")]);
		const cwd = mkdtempSync(join(tmpdir(), "arbor-acp-"));
		write(
			join(cwd, ".arbor", "extensions", "stamp.ts"),
			`export default (arbor: any) => {
	arbor.registerTool({ name: "stamp", description: "Stamp a text", parameters: { type: "object", properties: { text: { type: "string" } } },
		execute: async (args: any, ctx: any) => "stamped " + args.text + " (ui: " + ctx.hasUI + ", asked: " + (await ctx.ui.confirm("Stamp?")) + ")" });
	arbor.on("turn_start", (e: any) => ({ systemPrompt: e.systemPrompt + "\\n\\nUse stamps." }));
};\n`,
		);
		acp = startAcp(["--model", "compat:test-model", "--base-url", server.url], { cwd, home: join(cwd, "home") });
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request("session/new", { cwd, mcpServers: [] });
		const answer = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "stamp it" }] });
		expect(answer.stopReason).toBe("end_turn");
		expect(agentText(acp.updates, sessionId)).toBe("Stamped.");
		const result = sentMessages(server.requests[1]!.body).find((m: { role: string }) => m.role === "tool");
		expect(result.content).toBe("stamped hi (ui: false, asked: false)");
		expect(server.requests[0]!.body.messages[0].content.endsWith("\n\nUse stamps.")).toBe(true);
	});
});
