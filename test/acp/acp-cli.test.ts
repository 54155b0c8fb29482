import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionNotification } from "@agentclientprotocol/sdk/unstable";
import { agentText, choose, startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";

let server: SseServer | undefined;
const running: AcpHarness[] = [];
afterEach(async () => {
	for (const acp of running.splice(0)) if (acp.child.exitCode === null) await acp.end();
	await server?.close();
	server = undefined;
});

function place() {
	const cwd = mkdtempSync(join(tmpdir(), "arbor-acp-"));
	return { cwd, home: join(cwd, "home") };
}

function start(url: string, where: { cwd: string; home: string }, extra: string[] = []): AcpHarness {
	const acp = startAcp(["--model", "compat:test-model", "--base-url", url, ...extra], where);
	running.push(acp);
	return acp;
}

async function initialize(acp: AcpHarness) {
	return acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
}

function sessionFile(home: string, id: string): string {
	const root = join(home, "sessions");
	for (const dir of readdirSync(root)) {
		const found = readdirSync(join(root, dir)).find((f) => f.endsWith(".jsonl") && f.includes(id));
		if (found) return join(root, dir, found);
	}
	throw new Error(`no session file for ${id}`);
}

const of = (updates: SessionNotification[], sessionId: string) => updates.filter((n) => n.sessionId === sessionId).map((n) => n.update);

/** Every stdout line is a JSON-RPC 2.0 message: nothing else is ever written there. */
function expectOnlyProtocol(stdout: string): void {
	const lines = stdout.split("\n").filter((l) => l !== "");
	expect(lines.length).toBeGreaterThan(0);
	for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
}

describe("arbor acp through the ACP SDK's client", () => {
	it("initializes, runs a turn with a write the editor allows (diff, location), lists, replays the path exactly on load, and the file opens in arbor tree", async () => {
		server = await startSseServer([
			toolCallReply([{ id: "call_1", name: "write", args: { path: "hello.txt", content: "hi\n" } }], { text: "Writing." }),
			textReply("Done."),
		]);
		const where = place();
		const acp = start(server.url, where);
		const init = await initialize(acp);
		expect(init.agentCapabilities).toMatchObject({
			loadSession: true,
			promptCapabilities: { image: true, embeddedContext: true },
			sessionCapabilities: { list: {}, fork: {} },
		});
		const { sessionId, configOptions } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		expect(configOptions?.find((o) => o.id === "model")).toMatchObject({ category: "model", currentValue: "compat:test-model" });
		const answer = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "write hello" }] });
		expect(answer.stopReason).toBe("end_turn");
		expect(readFileSync(join(where.cwd, "hello.txt"), "utf8")).toBe("hi\n");

		// The permission request names the tool call the editor was shown, with the three choices.
		expect(acp.permissions).toHaveLength(1);
		expect(acp.permissions[0]!.toolCall.toolCallId).toBe("call_1");
		expect(acp.permissions[0]!.options.map((o) => o.kind)).toEqual(["allow_once", "allow_always", "reject_once"]);
		const abs = join(where.cwd, "hello.txt");
		const live = of(acp.updates, sessionId);
		expect(live).toContainEqual(
			expect.objectContaining({ sessionUpdate: "tool_call", toolCallId: "call_1", kind: "edit", status: "pending", locations: [{ path: abs }], content: [{ type: "diff", path: abs, oldText: null, newText: "hi\n" }] }),
		);
		expect(live).toContainEqual(expect.objectContaining({ sessionUpdate: "tool_call_update", toolCallId: "call_1", status: "completed" }));
		expect(agentText(acp.updates, sessionId)).toBe("Writing.Done.");
		await waitFor(() => live.length > 0 && of(acp.updates, sessionId).some((u) => u.sessionUpdate === "available_commands_update"), { what: "available_commands_update" });
		const commands = of(acp.updates, sessionId).find((u) => u.sessionUpdate === "available_commands_update") as { availableCommands: { name: string }[] };
		expect(commands.availableCommands.map((c) => c.name)).toEqual(["tree", "fork", "label", "compare", "merge", "search"]);

		const listed = await acp.agent.request("session/list", { cwd: where.cwd });
		expect(listed.sessions).toEqual([expect.objectContaining({ sessionId, cwd: where.cwd, title: "write hello" })]);
		expect(await acp.end()).toEqual({ code: 0, signal: null });
		expectOnlyProtocol(acp.raw.stdout);
		expect(acp.raw.stderr).toBe("");

		// A new process loads it: the active path comes back as session/update notifications, in order.
		const again = start(server.url, where);
		await initialize(again);
		// A session only on disk can be forked (read, not locked) before or without loading it.
		const clone = await again.agent.request("session/fork", { sessionId, cwd: where.cwd, mcpServers: [] });
		expect(readJsonl(sessionFile(where.home, clone.sessionId)).filter((e) => e.type === "message")).toHaveLength(4);
		await again.agent.request("session/load", { sessionId, cwd: where.cwd, mcpServers: [] });
		const replayed = of(again.updates, sessionId).filter((u) => u.sessionUpdate !== "available_commands_update");
		const file = sessionFile(where.home, sessionId);
		// The messages' ids (the turn's checkpoints are custom entries, which the replay leaves out).
		const ids = readJsonl(file).filter((e) => e.type === "message").map((e) => e.id as string);
		const diff = { type: "diff", path: abs, oldText: null, newText: "hi\n" };
		expect(replayed).toEqual([
			{ sessionUpdate: "user_message_chunk", content: { type: "text", text: "write hello" }, messageId: ids[0] },
			{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Writing." }, messageId: ids[1] },
			{ sessionUpdate: "tool_call", toolCallId: "call_1", title: "write hello.txt", kind: "edit", status: "pending", locations: [{ path: abs }], rawInput: { path: "hello.txt", content: "hi\n" }, content: [diff] },
			{ sessionUpdate: "tool_call_update", toolCallId: "call_1", status: "completed", content: [diff, { type: "content", content: { type: "text", text: expect.stringContaining("hello.txt") } }], rawOutput: expect.objectContaining({ isError: false }) },
			{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Done." }, messageId: ids[3] },
		]);
		await again.end();

		// Sessions are the same files: the terminal's tree reads it.
		const tree = await runCli(["tree", file], { cwd: where.cwd, env: { ARBOR_HOME: where.home } });
		expect(tree.code).toBe(0);
		expect(tree.stdout).toContain("write hello");
		expect(tree.stdout).toContain("Done.");
	});

	/** A session whose one turn calls edit on src.txt (holding `text`), the editor allowing it; then "Edited.". */
	async function editTurn(text: string, call: { id: string; args: object }) {
		server = await startSseServer([toolCallReply([{ id: call.id, name: "edit", args: call.args }]), textReply("Edited.")]);
		const where = place();
		writeFileSync(join(where.cwd, "src.txt"), text);
		const acp = start(server.url, where);
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "edit it" }] });
		return { acp, sessionId, where, requests: server.requests };
	}

	it("an edit is shown as the whole file before and after, in the call and in the permission question", async () => {
		const { acp, sessionId, where } = await editTurn("alpha\nbeta\ngamma\n", { id: "call_e", args: { path: "src.txt", oldText: "beta", newText: "BETA" } });
		const diff = { type: "diff", path: join(where.cwd, "src.txt"), oldText: "alpha\nbeta\ngamma\n", newText: "alpha\nBETA\ngamma\n" };
		expect(of(acp.updates, sessionId)).toContainEqual(expect.objectContaining({ sessionUpdate: "tool_call", toolCallId: "call_e", kind: "edit", content: [diff] }));
		expect(acp.permissions[0]!.toolCall).toMatchObject({ toolCallId: "call_e", title: "edit src.txt", content: [diff] });
		expect(readFileSync(join(where.cwd, "src.txt"), "utf8")).toBe("alpha\nBETA\ngamma\n");
	});

	it("an edit of several replacements (one matching only without the file's trailing spaces) is one diff of the whole file, and all are made", async () => {
		const edits = [{ oldText: "alpha", newText: "ALPHA" }, { oldText: "gamma\ndelta", newText: "GAMMA\nDELTA" }];
		const { acp, where, requests } = await editTurn("alpha\nbeta\ngamma  \ndelta\n", { id: "call_m", args: { path: "src.txt", edits } });
		const diff = { type: "diff", path: join(where.cwd, "src.txt"), oldText: "alpha\nbeta\ngamma  \ndelta\n", newText: "ALPHA\nbeta\nGAMMA\nDELTA\n" };
		expect(acp.permissions[0]!.toolCall).toMatchObject({ toolCallId: "call_m", title: "edit src.txt", content: [diff] });
		expect(readFileSync(join(where.cwd, "src.txt"), "utf8")).toBe("ALPHA\nbeta\nGAMMA\nDELTA\n");
		const toolMessage = requests[1]!.body.messages.find((m: { role: string }) => m.role === "tool");
		expect(toolMessage.content).toContain("+GAMMA");
	});

	it("a rejected write never runs; the model is told, and the turn goes on", async () => {
		server = await startSseServer([toolCallReply([{ id: "call_w", name: "write", args: { path: "no.txt", content: "x" } }]), textReply("Understood.")]);
		const where = place();
		const acp = start(server.url, where);
		acp.answer = choose("reject_once");
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		const answer = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "write no" }] });
		expect(answer.stopReason).toBe("end_turn");
		expect(existsSync(join(where.cwd, "no.txt"))).toBe(false);
		expect(of(acp.updates, sessionId)).toContainEqual(expect.objectContaining({ sessionUpdate: "tool_call_update", toolCallId: "call_w", status: "failed" }));
		const toolMessage = server.requests[1]!.body.messages.find((m: { role: string }) => m.role === "tool");
		expect(toolMessage.content).toContain("declined");
		expect(agentText(acp.updates, sessionId)).toBe("Understood.");
	});

	it("a prompt's image and embedded file reach the model; \"always\" stops asking for that tool", async () => {
		server = await startSseServer([
			toolCallReply([{ id: "call_a", name: "bash", args: { command: "echo one > a.txt" } }]),
			toolCallReply([{ id: "call_b", name: "bash", args: { command: "echo two > b.txt" } }]),
			textReply("Both done."),
		]);
		const where = place();
		const acp = start(server.url, where);
		acp.answer = choose("allow_always");
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		const png = Buffer.from("fake png bytes").toString("base64");
		const answer = await acp.agent.request("session/prompt", {
			sessionId,
			prompt: [
				{ type: "text", text: "look at this " },
				{ type: "image", data: png, mimeType: "image/png" },
				{ type: "resource", resource: { uri: "file:///project/notes.md", text: "the notes say 42" } },
			],
		});
		expect(answer.stopReason).toBe("end_turn");
		const user = server.requests[0]!.body.messages.find((m: { role: string }) => m.role === "user");
		expect(JSON.stringify(user.content)).toContain("look at this");
		expect(JSON.stringify(user.content)).toContain('<context ref=\\"file:///project/notes.md\\">\\nthe notes say 42\\n</context>');
		expect(JSON.stringify(user.content)).toContain(`data:image/png;base64,${png}`);
		// Two bash calls, one question: "always" allowed bash for the rest of the session.
		expect(acp.permissions.map((p) => p.toolCall.toolCallId)).toEqual(["call_a"]);
		expect(readFileSync(join(where.cwd, "b.txt"), "utf8")).toBe("two\n");
		expect(of(acp.updates, sessionId)).toContainEqual(expect.objectContaining({ sessionUpdate: "tool_call", toolCallId: "call_b", kind: "execute", title: "bash: echo two > b.txt" }));
	});

	it("session/cancel stops a streaming turn (what streamed is stored) and the session goes on", async () => {
		server = await startSseServer([textReply("partial answer that never ends", { hold: true }), textReply("Second answer.")]);
		const where = place();
		const acp = start(server.url, where);
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		const pending = acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] });
		await waitFor(() => agentText(acp.updates, sessionId).includes("partial"), { what: "the first chunks" });
		await acp.agent.notify("session/cancel", { sessionId });
		expect((await pending).stopReason).toBe("cancelled");
		const file = sessionFile(where.home, sessionId);
		const aborted = readJsonl(file).find((e) => e.type === "message" && e.message.role === "assistant");
		expect(aborted.message.stopReason).toBe("aborted");
		const next = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "again" }] });
		expect(next.stopReason).toBe("end_turn");
		expect(agentText(acp.updates, sessionId)).toMatch(/Second answer\.$/);
	});

	it("an extension's command is advertised after the tree commands and runs from a prompt, its notices as the answer", async () => {
		server = await startSseServer([]);
		const where = place();
		const extension = join(where.cwd, "hello.ts");
		writeFileSync(
			extension,
			`export default (arbor) => arbor.registerCommand("hello", { description: "says hello", handler: (args, ctx) => { console.log("log line of the extension"); ctx.ui.notify("hello " + args); } });\n`,
		);
		const acp = start(server.url, where, ["--extension", extension]);
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		const commands = await waitFor(() => of(acp.updates, sessionId).find((u) => u.sessionUpdate === "available_commands_update") as { availableCommands: { name: string; description: string }[] } | undefined, { what: "the commands" });
		expect(commands.availableCommands.map((c) => c.name)).toEqual(["tree", "fork", "label", "compare", "merge", "search", "hello"]);
		expect(commands.availableCommands.at(-1)!.description).toBe("says hello");
		const answer = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "/hello editor" }] });
		expect(answer.stopReason).toBe("end_turn");
		expect(agentText(acp.updates, sessionId)).toBe("hello editor\n");
		expect(server.requests).toHaveLength(0);
		// An extension's console.log goes to stderr: stdout is the protocol's alone.
		expect(await acp.end()).toEqual({ code: 0, signal: null });
		expectOnlyProtocol(acp.raw.stdout);
		expect(acp.raw.stderr).toContain("log line of the extension");
	});

	it("/label, /compare, /search, /fork and /merge answer in the editor and change the same files; a bad id is an answer, not an error", async () => {
		server = await startSseServer([textReply("Alpha answer."), textReply("Beta answer."), textReply("Merged: beta said so.")]);
		const where = place();
		const acp = start(server.url, where);
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "alpha question" }] });
		const file = sessionFile(where.home, sessionId);
		const [u1, a1] = readJsonl(file).slice(1).filter((e) => e.type === "message").map((e) => e.id as string);
		// /tree on a user message moves to its parent (here: before the root), as in the terminal: beta is a second branch.
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: `/tree ${u1!.slice(0, 6)}` }] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "beta question" }] });
		const b2 = readJsonl(file).at(-1).id as string;
		const say = async (text: string) => {
			const before = agentText(acp.updates, sessionId).length;
			const answer = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] });
			expect(answer.stopReason).toBe("end_turn");
			return agentText(acp.updates, sessionId).slice(before);
		};
		expect(await say(`/label ${a1} alpha`)).toBe(`Labelled ${a1} "alpha"`);
		expect(readJsonl(file).at(-1)).toMatchObject({ type: "label", targetId: a1, label: "alpha" });
		expect(await say(`/compare alpha ${b2}`)).toContain("common ancestor:");
		expect(await say("/search beta")).toContain("beta question");
		const forked = await say("/fork alpha");
		const forkId = /Forked into session (\S+)/.exec(forked)?.[1];
		expect(readJsonl(sessionFile(where.home, forkId!)).filter((e) => e.type === "message")).toHaveLength(2);
		expect(await say("/tree nosuchentry")).toMatch(/^\/tree: /);
		// /merge summarizes the branch ending at the alpha answer into the current leaf (b2).
		const merged = await say("/merge alpha");
		expect(merged).toContain(`into ${b2}: branch summary`);
		expect(readJsonl(file).find((e) => e.type === "branch_summary")).toMatchObject({ parentId: b2, fromId: a1, summary: expect.stringContaining("Merged: beta said so.") });
		expect(server.requests).toHaveLength(3);
	});

	it("session/set_config_option switches the model for the next turn (a model_change entry, as /model writes)", async () => {
		server = await startSseServer([textReply("from the other model")]);
		const where = place();
		const acp = start(server.url, where);
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		const set = await acp.agent.request("session/set_config_option", { sessionId, configId: "model", value: "compat:other-model" });
		expect(set.configOptions.find((o) => o.id === "model")).toMatchObject({ currentValue: "compat:other-model" });
		await expect(acp.agent.request("session/set_config_option", { sessionId, configId: "model", value: "nowhere:x" })).rejects.toMatchObject({ code: -32602 });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hi" }] });
		expect(server.requests[0]!.body.model).toBe("other-model");
		expect(readJsonl(sessionFile(where.home, sessionId)).find((e) => e.type === "message" && e.message.role === "assistant").message.model).toBe("other-model");
	});

	it("session/cancel while the editor is still asked about a write: the turn is cancelled and the write never runs, even if allowed late", async () => {
		server = await startSseServer([toolCallReply([{ id: "call_late", name: "write", args: { path: "late.txt", content: "x" } }])]);
		const where = place();
		const acp = start(server.url, where);
		let allowLate: (() => void) | undefined;
		acp.answer = (request) => new Promise((resolve) => (allowLate = () => resolve(choose("allow_once")(request))));
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		const pending = acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "write late" }] });
		await waitFor(() => acp.permissions.length === 1, { what: "the permission request" });
		await acp.agent.notify("session/cancel", { sessionId });
		expect((await pending).stopReason).toBe("cancelled");
		allowLate!();
		expect(await acp.end()).toEqual({ code: 0, signal: null });
		expect(existsSync(join(where.cwd, "late.txt"))).toBe(false);
		const result = readJsonl(sessionFile(where.home, sessionId)).find((e) => e.type === "message" && e.message.role === "toolResult");
		expect(result?.message.isError ?? true).toBe(true);
	});

	it("SIGTERM mid-turn: what streamed is stored as aborted, the session unlocked, exit 143", async () => {
		server = await startSseServer([textReply("words before the signal", { hold: true })]);
		const where = place();
		const acp = start(server.url, where);
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		const pending = acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "talk" }] }).catch((error: unknown) => error);
		await waitFor(() => agentText(acp.updates, sessionId).includes("before"), { what: "the first chunks" });
		acp.child.kill("SIGTERM");
		// stdin stays open: closing it too would race the signal (stdin's end is exit 0).
		expect(await acp.exit()).toEqual({ code: 143, signal: null });
		await pending;
		const file = sessionFile(where.home, sessionId);
		const reply = readJsonl(file).find((e) => e.type === "message" && e.message.role === "assistant");
		expect(reply?.message).toMatchObject({ stopReason: "aborted", content: [{ type: "text", text: expect.stringContaining("before") }] });
		expect(readdirSync(dirname(file)).filter((f) => f.endsWith(".lock"))).toEqual([]);
	});

	it("a bad option: one arbor: line on stderr, exit 2, nothing on stdout", async () => {
		const acp = startAcp(["--no-such-option"], place());
		running.push(acp);
		await expect(initialize(acp)).rejects.toThrow();
		expect(await acp.end()).toEqual({ code: 2, signal: null });
		expect(acp.raw.stderr).toBe("arbor: unknown option '--no-such-option'\n");
		expect(acp.raw.stdout).toBe("");
	});

	it("stdin closing mid-turn ends the process cleanly with the session intact", async () => {
		server = await startSseServer([textReply("streaming and streaming", { hold: true })]);
		const where = place();
		const acp = start(server.url, where);
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		const pending = acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "tell me" }] }).catch((error: unknown) => error);
		await waitFor(() => agentText(acp.updates, sessionId).includes("streaming"), { what: "the first chunks" });
		expect(await acp.end()).toEqual({ code: 0, signal: null });
		await pending;
		// Messages only: the prompt's checkpoint (docs/checkpoints.md) sits beside the user message.
		const entries = readJsonl(sessionFile(where.home, sessionId)).slice(1).filter((e) => e.type === "message");
		expect(entries.map((e) => [e.message?.role, e.message?.stopReason])).toEqual([
			["user", undefined],
			["assistant", "aborted"],
		]);
		expect(entries[1].message.content).toEqual([{ type: "text", text: expect.stringContaining("streaming") }]);
		expectOnlyProtocol(acp.raw.stdout);
	});

	it("/tree moves the leaf, _arbor/get_tree and _arbor/navigate see it, fork clones the path, and a malformed message gets a JSON-RPC error while the session goes on", async () => {
		server = await startSseServer([textReply("A1"), textReply("A2"), textReply("A3")]);
		const where = place();
		const acp = start(server.url, where);
		await initialize(acp);
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "first" }] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "second" }] });
		const file = sessionFile(where.home, sessionId);
		const [u1, a1, u2, a2] = readJsonl(file).slice(1).filter((e) => e.type === "message").map((e) => e.id as string);

		const moved = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: `/tree ${a1}` }] });
		expect(moved.stopReason).toBe("end_turn");
		expect(agentText(acp.updates, sessionId)).toContain(`Moved to ${a1}`);
		const tree = await acp.agent.request<{ leafId: string; roots: { id: string }[] }>("_arbor/get_tree", { sessionId, filter: "all" });
		expect(tree.leafId).toBe(a1);
		expect(tree.roots[0]!.id).toBe(u1);

		// Malformed input: bad JSON and a request with bad params each get an error; nothing stops.
		acp.send("this is not json");
		acp.send(JSON.stringify({ jsonrpc: "2.0", id: "bad-1", method: "session/prompt", params: { sessionId: 42 } }));
		await waitFor(() => acp.raw.stdout.includes('"bad-1"'), { what: "the error response" });
		const responses = acp.raw.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l));
		expect(responses).toContainEqual({ jsonrpc: "2.0", id: null, error: expect.objectContaining({ code: -32700 }) });
		expect(responses).toContainEqual({ jsonrpc: "2.0", id: "bad-1", error: expect.objectContaining({ code: -32602 }) });

		// Loading the open session again (by an id prefix) replays it; it is not opened twice.
		const before = of(acp.updates, sessionId).length;
		await acp.agent.request("session/load", { sessionId: sessionId.slice(0, 8), cwd: where.cwd, mcpServers: [] });
		expect(of(acp.updates, sessionId).slice(before).filter((u) => u.sessionUpdate === "user_message_chunk")).toHaveLength(1);

		// The next prompt continues from the entry /tree chose.
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "third" }] });
		const third = readJsonl(file).find((e) => e.type === "message" && e.message.role === "user" && e.message.content === "third");
		expect(third.parentId).toBe(a1);

		// With a label and no summary, the label goes on the target (a label entry, which is the new leaf).
		const nav = await acp.agent.request<{ status: string; newLeafId: string; leafId: string }>("_arbor/navigate", { sessionId, entryId: a2, label: "second answer" });
		expect(nav).toMatchObject({ status: "moved", newLeafId: a2 });
		expect(readJsonl(file).find((e) => e.id === nav.leafId)).toMatchObject({ type: "label", targetId: a2, label: "second answer" });
		const labelled = await acp.agent.request<{ roots: unknown }>("_arbor/get_tree", { sessionId, filter: "all" });
		expect(JSON.stringify(labelled)).toContain('"label":"second answer"');

		// session/fork (unstable) is /clone: the active path in a new file, which goes on by itself.
		const forked = await acp.agent.request("session/fork", { sessionId, cwd: where.cwd, mcpServers: [] });
		expect(forked.sessionId).not.toBe(sessionId);
		const copy = readJsonl(sessionFile(where.home, forked.sessionId));
		expect(copy[0]).toMatchObject({ type: "session", parentSession: file });
		expect(copy.filter((e) => e.type === "message").map((e) => e.id)).toEqual([u1, a1, u2, a2]);
		expect(await acp.end()).toEqual({ code: 0, signal: null });
	});
});
