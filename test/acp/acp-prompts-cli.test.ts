/** What an editor's prompt brings besides text (ACP SDK's client): prompt templates, skills, pictures; and extensions under an editor. */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { imageInfo } from "../../source/session/image-info.js";
import { agentText, startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { sentMessages } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";
import { waitFor } from "../helpers/wait-for.js";

// The projects here are the tests' own: `arbor acp --trust-project` lets their .arbor/ act (docs/trust.md).

let server: SseServer | undefined;
let acp: AcpHarness | undefined;
afterEach(async () => {
	if (acp?.child.exitCode === null) await acp.end();
	await server?.close();
	server = acp = undefined;
});

describe("arbor acp with prompt templates and skills (the ACP SDK's client)", () => {
	it("advertises them after the tree commands, with the template's argument hint; a prompt naming one is sent expanded", async () => {
		server = await startSseServer([textReply("Reviewed.")]);
		const cwd = mkdtempSync(join(tmpdir(), "arbor-acp-"));
		const home = join(cwd, "home");
		mkdirSync(join(cwd, ".arbor", "prompts"), { recursive: true });
		writeFileSync(join(cwd, ".arbor", "prompts", "review.md"), "---\ndescription: Review a file\nargument-hint: <file>\n---\nReview $1 now.\n");
		mkdirSync(join(cwd, ".agents", "skills", "deploy"), { recursive: true });
		writeFileSync(join(cwd, ".agents", "skills", "deploy", "SKILL.md"), "---\ndescription: Deploy the site.\n---\nmake deploy\n");
		acp = startAcp(["--trust-project", "--model", "compat:test-model", "--base-url", server.url], { cwd, home });
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request("session/new", { cwd, mcpServers: [] });
		const update = await waitFor(
			() => acp!.updates.find((n) => n.sessionId === sessionId && n.update.sessionUpdate === "available_commands_update")?.update as { availableCommands: { name: string; description: string; input?: { hint: string } }[] } | undefined,
			{ what: "the commands" },
		);
		expect(update.availableCommands.slice(-2)).toEqual([
			{ name: "review", description: "Review a file", input: { hint: "<file>" } },
			{ name: "skill:deploy", description: "Deploy the site.", input: { hint: "arguments" } },
		]);
		const answer = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "/review src/a.ts" }] });
		expect(answer.stopReason).toBe("end_turn");
		expect(agentText(acp.updates, sessionId)).toBe("Reviewed.");
		expect(sentMessages(server.requests[0]!.body).at(-1).content).toBe("Review src/a.ts now.");
	});
});

describe("arbor acp with a pasted picture larger than providers take (the ACP SDK's client)", () => {
	it("sends it made smaller, as a picture from a file is", async () => {
		server = await startSseServer([textReply("Noise.")]);
		const cwd = mkdtempSync(join(tmpdir(), "arbor-acp-"));
		acp = startAcp(["--trust-project", "--model", "compat:test-model", "--base-url", server.url], { cwd, home: join(cwd, "home") });
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request("session/new", { cwd, mcpServers: [] });
		const sharp = (await import("sharp")).default;
		const big = await sharp(randomBytes(2400 * 2400 * 3), { raw: { width: 2400, height: 2400, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
		const answer = await acp.agent.request("session/prompt", {
			sessionId,
			prompt: [
				{ type: "text", text: "what is this?" },
				{ type: "image", data: big.toString("base64"), mimeType: "image/png" },
			],
		});
		expect(answer.stopReason).toBe("end_turn");
		const [user] = sentMessages(server.requests[0]!.body);
		const url: string = user.content.find((p: { type: string }) => p.type === "image_url").image_url.url;
		const data = url.slice(url.indexOf(",") + 1);
		expect(data.length).toBeLessThanOrEqual(4.5 * 1024 * 1024);
		expect(imageInfo(Buffer.from(data, "base64"))).toMatchObject({ width: 2000, height: 2000 });
	});
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
		acp = startAcp(["--trust-project", "--model", "compat:test-model", "--base-url", server.url], { cwd, home: join(cwd, "home") });
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
