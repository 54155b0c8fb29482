import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sessionFiles } from "../../source/session/paths.js";
import { SessionStore } from "../../source/session/store.js";
import { builtCli } from "../helpers/cli.js";
import { startSseServer, textReply, toolCallReply, type Script, type SseServer } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { cleanUp, startRpc, tempDir, type Rpc, type RpcEvent } from "./helpers.js";

afterEach(cleanUp);

/** Chat requests (streamed) get `chat` in order; summaries (generateText, not streamed) get "SUMMARY n". */
function chatAndSummaries(chat: Script[]): (body: any, index: number) => Script {
	let next = 0;
	let summaries = 0;
	return (body) => {
		if (body?.stream === true) return chat[next++] ?? { type: "error", status: 500, message: "no more chat scripts" };
		summaries += 1;
		return textReply(`SUMMARY ${summaries}`);
	};
}

async function ok(rpc: Rpc, command: Record<string, unknown>) {
	const response = await rpc.send(command);
	expect(response, JSON.stringify(response)).toMatchObject({ success: true, command: command.type });
	return response.data;
}

async function refused(rpc: Rpc, command: Record<string, unknown>, error: string) {
	const response = await rpc.send(command);
	expect(response).toMatchObject({ success: false, command: command.type });
	expect(response.error).toContain(error);
}

describe("arbor --mode rpc driven by pi's RpcClient: the session and the tree", () => {
	it("get_tree, get_entries, navigate_tree with a summary, set_label, compare, merge, search", async () => {
		const rpc = await startRpc(chatAndSummaries([textReply("a1"), textReply("a2")]));
		await rpc.client.promptAndWait("q1", undefined, 20_000);
		await rpc.client.promptAndWait("q2", undefined, 20_000);
		const [q1, q2] = await rpc.client.getForkMessages();
		expect([q1?.text, q2?.text]).toEqual(["q1", "q2"]);
		const a2Leaf = (await ok(rpc, { type: "get_state" })).leafId;

		const tree = await ok(rpc, { type: "get_tree_view" });
		expect(tree.leafId).toBe(a2Leaf);
		// m1 is a reasoning model: the session starts at medium (pi's default), the level's entry first.
		expect(tree.roots[0]).toMatchObject({ type: "thinking_level_change", children: [{ id: q1?.entryId, role: "user", onActivePath: true }] });
		const all = await ok(rpc, { type: "get_entries" });
		expect(all.entries.map((e: { id: string }) => e.id)).toContain(a2Leaf);
		const since = await ok(rpc, { type: "get_entries", since: q2?.entryId });
		expect(since.entries.map((e: { id: string }) => e.id)).toEqual([a2Leaf]);

		const from = rpc.events.length;
		const moved = await ok(rpc, { type: "navigate_tree", entryId: q2?.entryId, summarize: true, customInstructions: "be short", label: "left q2" });
		expect(moved).toMatchObject({ moved: true, oldLeafId: a2Leaf, editorText: "q2" });
		expect(moved.summaryEntry).toMatchObject({ type: "branch_summary", summary: "SUMMARY 1", fromId: a2Leaf });
		expect(rpc.events.slice(from).find((e) => e.type === "tree_navigated")).toMatchObject({ oldLeafId: a2Leaf, newLeafId: moved.summaryEntry.id });
		// The summary request carried the custom instructions; the label sits on the summary.
		expect(JSON.stringify(rpc.server.requests.at(-1)?.body)).toContain("be short");
		const labelled = await ok(rpc, { type: "get_tree_view", filter: "labeled" });
		expect(JSON.stringify(labelled)).toContain("left q2");
		expect((await rpc.client.getMessages()).map((m) => m.role)).toEqual(["user", "assistant"]);

		expect(await ok(rpc, { type: "set_label", entryId: q1?.entryId, label: "start" })).toEqual({ entryId: q1?.entryId, label: "start" });
		expect(await ok(rpc, { type: "set_label", entryId: q1?.entryId })).toEqual({ entryId: q1?.entryId, label: null });

		const comparison = await ok(rpc, { type: "compare", entryA: a2Leaf, entryB: moved.summaryEntry.id });
		expect(comparison.a.map((e: { id: string }) => e.id)).toEqual([q2?.entryId, a2Leaf]);
		expect(comparison.b.map((e: { type: string }) => e.type)).toEqual(["branch_summary"]);

		const merged = await ok(rpc, { type: "merge", fromEntry: a2Leaf, label: "merged" });
		expect(merged.summaryEntry).toMatchObject({ type: "branch_summary", summary: "SUMMARY 2" });
		const afterMerge = await ok(rpc, { type: "get_entries", since: merged.summaryEntry.id });
		expect(afterMerge.entries).toEqual([expect.objectContaining({ type: "label", targetId: merged.summaryEntry.id, label: "merged" })]);

		const hits = await ok(rpc, { type: "search", query: "q2" });
		expect(hits.hits.length).toBeGreaterThan(0);
		expect(hits.hits.map((h: { entryId: string }) => h.entryId)).toContain(q2?.entryId);

		await refused(rpc, { type: "navigate_tree", entryId: "nope" }, "nope");
		// No tool ran, yet the first prompt recorded the files: restoreFiles moves and finds nothing to change (test/rpc/rpc-checkpoints-cli.test.ts covers restores).
		expect((await ok(rpc, { type: "navigate_tree", entryId: q1?.entryId, restoreFiles: true })).restored).toMatchObject({ changes: [], kept: [] });
	});

	it("fork, switch_session, clone, new_session, set_session_name, get_session_stats, export_html", async () => {
		const rpc = await startRpc(chatAndSummaries([textReply("a1"), textReply("a2")]));
		await rpc.client.promptAndWait("q1", undefined, 20_000);
		await rpc.client.promptAndWait("q2", undefined, 20_000);
		const original = (await rpc.client.getState()).sessionFile as string;
		await rpc.client.setSessionName("my work");
		expect((await rpc.client.getState()).sessionName).toBe("my work");
		expect(await rpc.client.getSessionStats()).toMatchObject({ sessionFile: original, userMessages: 2, assistantMessages: 2, totalMessages: 4, contextUsage: { contextWindow: 200_000 } });
		const out = join(rpc.cwd, "page.html");
		expect(await rpc.client.exportHtml(out)).toEqual({ path: out });
		expect(readFileSync(out, "utf8")).toContain("<html");

		const [, q2] = await rpc.client.getForkMessages();
		expect(await rpc.client.fork(q2?.entryId as string)).toEqual({ text: "q2", cancelled: false });
		const forked = (await rpc.client.getState()).sessionFile as string;
		expect(forked).not.toBe(original);
		expect((await rpc.client.getMessages()).map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(JSON.parse(readFileSync(forked, "utf8").split("\n")[0] as string)).toMatchObject({ type: "session", parentSession: original });
		expect(rpc.events.some((e) => e.type === "session_changed" && e.reason === "fork")).toBe(true);

		expect(await rpc.client.switchSession(original)).toEqual({ cancelled: false });
		expect((await rpc.client.getState()).sessionFile).toBe(original);
		expect(await rpc.client.getMessages()).toHaveLength(4);

		expect(await rpc.client.clone()).toEqual({ cancelled: false });
		const cloned = (await rpc.client.getState()).sessionFile as string;
		expect(cloned).not.toBe(original);
		expect(await rpc.client.getMessages()).toHaveLength(4);

		expect(await rpc.client.newSession()).toEqual({ cancelled: false });
		const fresh = await rpc.client.getState();
		expect(fresh.sessionFile).not.toBe(cloned);
		expect(fresh.messageCount).toBe(0);
		await refused(rpc, { type: "switch_session", sessionPath: join(rpc.cwd, "missing.jsonl") }, "missing.jsonl");
	});

	it("--models scopes cycle_model (isScoped, as pi answers)", async () => {
		const rpc = await startRpc([], ["--models", "local:m2"]);
		expect(await rpc.client.cycleModel()).toMatchObject({ model: { id: "m2" }, isScoped: true });
		expect(await rpc.client.cycleModel()).toBeNull();
	});

	it("models, thinking, queue modes, auto compaction, commands, and what arbor cannot do", async () => {
		const rpc = await startRpc([textReply("hi")]);
		const models = await rpc.client.getAvailableModels();
		expect(models.map((m) => `${m.provider}:${m.id}`)).toEqual(["local:m1", "local:m2"]);
		expect((await rpc.client.getState()).model).toMatchObject({ provider: "local", id: "m1", reasoning: true, contextWindow: 200_000 });
		await rpc.client.setThinkingLevel("high");
		expect((await rpc.client.getState()).thinkingLevel).toBe("high");
		expect(await rpc.client.cycleThinkingLevel()).toEqual({ level: "off" });
		await refused(rpc, { type: "set_thinking_level", level: "loud" }, "unknown thinking level");
		expect(await rpc.client.setModel("local", "m2")).toMatchObject({ provider: "local", id: "m2" });
		await refused(rpc, { type: "set_thinking_level", level: "high" }, "not marked as a reasoning model");
		expect(await rpc.client.cycleThinkingLevel()).toBeNull();
		expect(await rpc.client.cycleModel()).toMatchObject({ model: { id: "m1" }, isScoped: false });
		await refused(rpc, { type: "set_model", provider: "nope", modelId: "x" }, "nope");
		await rpc.client.setAutoCompaction(false);
		expect((await rpc.client.getState()).autoCompactionEnabled).toBe(false);
		await rpc.client.setSteeringMode("all");
		await refused(rpc, { type: "set_steering_mode", mode: "one-at-a-time" }, "only \"all\"");
		await rpc.client.setFollowUpMode("one-at-a-time");
		expect(await rpc.client.getCommands()).toEqual([]);
		await refused(rpc, { type: "set_auto_retry", enabled: true }, "no auto-retry");
		await refused(rpc, { type: "abort_retry" }, "no auto-retry");
		await refused(rpc, { type: "restore_files" }, '"entryId" is required');
		expect(await rpc.send({ type: "get_checkpoints" })).toMatchObject({ success: true, data: { checkpoints: [] } });
		await refused(rpc, { type: "steer", message: "x" }, "no turn is running");
		await refused(rpc, { type: "follow_up", message: "x" }, "no turn is running");
		await refused(rpc, { type: "compact" }, "nothing to compact");
		await refused(rpc, { type: "fork", entryId: "zzz" }, "zzz");
		// The model switch was written as pi's model_change once the conversation had begun.
		await rpc.client.promptAndWait("hello", undefined, 20_000);
		expect(rpc.server.requests[0]?.body.model).toBe("m1");
	});

	it("bash runs a command into the context; abort_bash cancels one", async () => {
		const rpc = await startRpc([textReply("seen")]);
		expect(await rpc.client.bash("echo hello")).toMatchObject({ output: "hello", exitCode: 0, cancelled: false, truncated: false });
		const running = rpc.client.bash("sleep 30");
		await waitFor(async () => {
			await rpc.client.abortBash();
			return Promise.race([running.then(() => true), new Promise((resolve) => setImmediate(() => resolve(false)))]);
		}, { what: "bash cancelled" });
		expect(await running).toMatchObject({ cancelled: true });
		await rpc.client.promptAndWait("what ran?", undefined, 20_000);
		expect(JSON.stringify(rpc.server.requests[0]?.body.messages)).toContain("hello");
		expect((await rpc.client.getMessages()).map((m) => m.role)).toEqual(["bashExecution", "bashExecution", "user", "assistant"]);
	});

	it("compact summarizes the older part of a long conversation, with compaction events", async () => {
		const long = (tag: string) => textReply([`${tag} `, "word ".repeat(18_000)]);
		const rpc = await startRpc(chatAndSummaries([long("a1"), long("a2")]));
		await rpc.client.promptAndWait("q1", undefined, 20_000);
		await rpc.client.promptAndWait("q2", undefined, 20_000);
		const from = rpc.events.length;
		const result = await rpc.client.compact("keep the words");
		expect(result).toMatchObject({ summary: "SUMMARY 1" });
		expect(result.tokensBefore).toBeGreaterThan(0);
		const entries = await ok(rpc, { type: "get_entries" });
		expect(entries.entries.at(-1)).toMatchObject({ type: "compaction", summary: "SUMMARY 1" });
		expect(JSON.stringify(rpc.server.requests.at(-1)?.body)).toContain("keep the words");
		const events = rpc.events.slice(from);
		expect(events.map((e) => e.type)).toEqual(["compaction_start", "compaction_end"]);
		expect(events[1]).toMatchObject({ reason: "manual", aborted: false, result: { summary: "SUMMARY 1" } });
	});

	it("a prompt the server refuses as longer than the model's window: compaction with reason overflow and willRetry, then the answer", async () => {
		const long = (tag: string) => textReply([`${tag} `, "word ".repeat(18_000)]);
		const refusal: Script = { type: "error", status: 400, message: "This model's maximum context length is 32768 tokens. However, your messages resulted in 40000 tokens." };
		const rpc = await startRpc(chatAndSummaries([long("a1"), long("a2"), refusal, textReply("a3 after compaction")]));
		await rpc.client.promptAndWait("q1", undefined, 20_000);
		await rpc.client.promptAndWait("q2", undefined, 20_000);
		const from = rpc.events.length;
		await rpc.client.promptAndWait("q3", undefined, 20_000);
		const events = rpc.events.slice(from);
		const kinds = events.map((e) => e.type).filter((t) => t.startsWith("compaction") || t === "agent_end");
		expect(kinds).toEqual(["compaction_start", "compaction_end", "agent_end"]);
		expect(events.find((e) => e.type === "compaction_start")).toMatchObject({ reason: "overflow" });
		expect(events.find((e) => e.type === "compaction_end")).toMatchObject({ reason: "overflow", willRetry: true, aborted: false, result: { summary: "SUMMARY 1" } });
		expect(await rpc.client.getLastAssistantText()).toBe("a3 after compaction");
		const entries = await ok(rpc, { type: "get_entries" });
		const tail = entries.entries.slice(-3).map((e: { type: string; message?: { role: string; stopReason?: string } }) => (e.message ? `${e.message.role}:${e.message.stopReason ?? ""}` : e.type));
		expect(tail).toEqual(["user:", "compaction", "assistant:stop"]);
	});
});

describe("arbor --mode rpc: the core's shared policies (docs/core.md)", () => {
	it("abort during the compaction before a turn stores nothing of the prompt; a fork is recorded as last worked", async () => {
		// The second reply fills m1's 200k window: the next prompt compacts the first turn first (the kept
		// region is at most a quarter of the window), and its summary request hangs.
		let summaries = 0;
		let replies = 0;
		const reply = () => textReply("a1", { usage: { prompt: replies++ === 0 ? 10_000 : 199_000, completion: 10 } });
		const rpc = await startRpc((body) => (body?.stream === true ? reply() : summaries++ === 0 ? { type: "hang" } : textReply("SUMMARY")));
		await rpc.client.promptAndWait("q0 ".repeat(40_000), undefined, 20_000);
		await rpc.client.promptAndWait("q1 ".repeat(40_000), undefined, 20_000);
		const from = rpc.events.length;
		await rpc.client.prompt("q2");
		await waitFor(() => rpc.events.slice(from).find((e) => e.type === "compaction_start"), { what: `the compaction before the turn ${JSON.stringify(rpc.events.slice(from).map((e) => e.type))}` });
		await rpc.client.abort();
		await waitFor(() => rpc.events.slice(from).find((e) => e.type === "agent_end"), { what: "agent_end" });
		const messages = await rpc.client.getMessages();
		expect(messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
		// Sent again, it compacts and is answered; a fork before it holds q1's turn (a file to record).
		await rpc.client.promptAndWait("q2 again", undefined, 20_000);
		const again = (await rpc.client.getForkMessages()).find((m) => m.text === "q2 again")!;
		await rpc.client.fork(again.entryId);
		const file = (await ok(rpc, { type: "get_state" })).sessionFile as string;
		const worked = JSON.parse(readFileSync(join(dirname(file), ".arbor-worked.json"), "utf8"));
		expect(Object.keys(worked)).toContain(basename(file));
	});
});

describe("arbor --mode rpc: framing and bad input", () => {
	it("keeps U+2028 inside a JSON string, answers a bad line with an error, and goes on", async () => {
		const rpc = await startRpc([textReply("got it")]);
		rpc.raw("this is not json\n");
		rpc.raw('{"type":"get_state","id":"crlf"}\r\n');
		await waitFor(() => rpc.events.find((e: RpcEvent) => e.type === "response" && e.command === "parse"), { what: "the parse error" });
		const parse = rpc.events.find((e) => e.type === "response" && e.command === "parse");
		expect(parse).toMatchObject({ success: false });
		expect(parse?.error).toContain("Failed to parse command");
		const message = "one\u2028two\u2029three";
		const line = JSON.stringify({ type: "prompt", message });
		expect(line).toContain("\u2028");
		const idle = rpc.client.waitForIdle(20_000);
		rpc.raw(`${line}\n`);
		await idle;
		expect(((await rpc.client.getMessages())[0] as { content: string }).content).toBe(message);
		expect(JSON.stringify(rpc.server.requests[0]?.body.messages)).toContain(JSON.stringify(message).slice(1, -1));
		rpc.raw('{"type":42}\n[1,2]\n{"type":"no_such_command","id":"x"}\n');
		await waitFor(() => rpc.events.filter((e) => e.type === "response" && e.success === false).length >= 3, { what: "three error responses" });
		expect(await rpc.send({ type: "no_such_command" })).toMatchObject({ success: false, error: "unknown command: no_such_command" });
		expect((await rpc.client.getState()).messageCount).toBe(2);
	});
});

/** The built CLI in RPC mode against `server` (fresh home and cwd): its output so far and its exit. */
function spawnRpc(server: SseServer) {
	const home = tempDir();
	const cwd = tempDir();
	const child = spawn(process.execPath, [builtCli(), "--mode", "rpc", "--model", "compat:test-model", "--base-url", server.url, "--no-extensions"], {
		cwd,
		env: { ...process.env, ARBOR_HOME: home, ARBOR_MAX_RETRIES: "0", NO_COLOR: "1" },
	});
	const out = { stdout: "", stderr: "" };
	child.stdout.setEncoding("utf8"); // decoded across reads: a character split between two stays whole
	child.stdout.on("data", (d: string) => (out.stdout += d));
	child.stderr.setEncoding("utf8");
	child.stderr.on("data", (d: string) => (out.stderr += d));
	const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
	return { child, home, cwd, out, exited };
}

/** The session files under `home`. */
function storedSessions(home: string): string[] {
	const dir = join(home, "sessions");
	return readdirSync(dir).flatMap((d) => sessionFiles(join(dir, d)));
}

describe("arbor --mode rpc: the process", () => {
	it("stdout carries only protocol lines; stdin closing ends the process cleanly with the session intact", async () => {
		const server = await startSseServer([textReply("first"), textReply(["still ", "going"], { hold: true })]);
		const { child, home, out, exited } = spawnRpc(server);
		child.stdin.write('{"type":"prompt","message":"one"}\n');
		await waitFor(() => out.stdout.includes('"agent_end"'), { what: "the first run's end" });
		child.stdin.write('{"type":"prompt","message":"two"}\n');
		await waitFor(() => out.stdout.includes("going"), { what: "the second answer streaming" });
		child.stdin.end();
		expect(await exited).toBe(0);
		await server.close();
		const lines = out.stdout.split("\n").filter((l) => l !== "");
		for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
		expect(out.stderr).toBe("");
		const found = storedSessions(home);
		expect(found).toHaveLength(1);
		// Writable again: the lock was released; the aborted reply was stored.
		const store = SessionStore.open(found[0] as string, { write: true });
		const view = store.snapshot();
		const roles = view.getPath(view.leafId).flatMap((e) => (e.type === "message" ? [e.message.role === "assistant" ? `assistant:${e.message.stopReason}` : e.message.role] : []));
		store.close();
		expect(roles).toEqual(["user", "assistant:stop", "user", "assistant:aborted"]);
		expect(existsSync(found[0] as string)).toBe(true);
	});
});

describe("arbor --mode rpc: stdin closing while a question is open", () => {
	it("refuses the tool, stores the turn and exits 0", async () => {
		const server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command: "touch ran.txt" } }]), textReply("ok")]);
		const { child, home, cwd, out, exited } = spawnRpc(server);
		child.stdin.write('{"type":"prompt","message":"run it"}\n');
		await waitFor(() => out.stdout.includes('"method":"confirm"'), { what: "the question" });
		child.stdin.end();
		expect(await exited).toBe(0);
		await server.close();
		expect(existsSync(join(cwd, "ran.txt"))).toBe(false);
		for (const line of out.stdout.split("\n").filter((l) => l !== "")) expect(() => JSON.parse(line), line).not.toThrow();
		const [file] = storedSessions(home);
		const store = SessionStore.open(file as string, { write: true });
		const roles = store.snapshot().entries.flatMap((e) => (e.type === "message" ? [e.message.role] : []));
		store.close();
		expect(roles[0]).toBe("user");
		expect(roles).toContain("assistant");
	});
});
