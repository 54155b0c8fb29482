/**
 * The policies every front end shares (docs/core.md, "One session core"), tested once on the core
 * in-process: AgentSession against the local SSE server (a real provider over HTTP), real files.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AgentSession, type AgentEvent } from "../../source/agent/agent-session.js";
import { chooseModels } from "../../source/config/model-config.js";
import type { Settings } from "../../source/config/settings.js";
import { readWorked } from "../../source/session/worked.js";
import { errorReply, startSseServer, textReply, type Script, type SseServer } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";

const dirs: string[] = [];
const agents: AgentSession[] = [];
let server: SseServer | undefined;
afterEach(async () => {
	for (const agent of agents.splice(0)) await agent.close();
	await server?.close();
	server = undefined;
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-policy-"));
	dirs.push(dir);
	return dir;
}

/** An AgentSession on `compat:m1` at the SSE server, with `window` tokens declared as its context window. */
async function openAgent(scripts: Script[] | ((body: any, index: number) => Script), settings: Settings = {}, window?: number) {
	server = await startSseServer(scripts);
	const home = tempDir();
	const models = await chooseModels({ model: "compat:m1", baseUrl: server.url }, settings, { ARBOR_HOME: home });
	if (window && models.chat) models.chat.contextWindow = window;
	const sessionDir = tempDir();
	const events: AgentEvent[] = [];
	const agent = await AgentSession.open({ cwd: tempDir(), home, sessionDir, extensions: false, contextFiles: false, settings, modelChoice: models, listener: (e) => events.push(e) });
	agents.push(agent);
	return { agent, events, sessionDir };
}

const userTexts = (agent: AgentSession) => agent.messages().filter((m) => m.role === "user").map((m) => (typeof m.content === "string" ? m.content : ""));

describe("the session core's policies (the same in every mode)", () => {
	it("an abort while the automatic compaction before a turn runs: the prompt is not stored and is handed back", async () => {
		// The third prompt finds the context over the declared window with an older turn to compact (the
		// kept region is at most a quarter of the window): its compaction's summary request hangs.
		const usage = (n: number) => ({ usage: { prompt: n, completion: 100 } });
		const reply = (body: any, index: number) => (body?.stream === true ? textReply("old answer", usage(index === 0 ? 15_000 : 35_000)) : ({ type: "hang" } as const));
		const { agent, events } = await openAgent(reply, {}, 40_000);
		expect((await agent.prompt("old ".repeat(15_000)))?.ok).toBe(true);
		expect((await agent.prompt("older ".repeat(15_000)))?.ok).toBe(true);
		const leaf = agent.view.leafId;
		const done = agent.prompt("the second question");
		await waitFor(() => events.find((e) => e.type === "compaction_start"), { what: "the compaction before the turn" });
		await agent.abort();
		const result = await done;
		expect(result).toMatchObject({ ok: false, reason: "aborted", unsent: "the second question" });
		expect(events.at(-2)).toMatchObject({ type: "agent_end", messages: [], unsent: "the second question" });
		expect(events.at(-1)).toMatchObject({ type: "agent_settled", aborted: true });
		expect(agent.view.leafId).toBe(leaf);
		expect(userTexts(agent)).toHaveLength(2);
		// Only the summary request went out after the second turn; the prompt itself was never sent.
		expect(server!.requests.filter((r) => r.body?.stream === true)).toHaveLength(2);
	});

	it('a request refused as longer than the window with "autoCompaction": false: the error names the setting (stored and returned)', async () => {
		const refusal = "the request exceeds the available context size, try increasing it";
		const { agent } = await openAgent([errorReply(400, refusal)], { autoCompaction: false });
		const result = await agent.prompt("hello");
		expect(result?.ok).toBe(false);
		expect(result?.error).toContain(refusal);
		expect(result?.error).toContain('automatic compaction is off (settings "autoCompaction": false)');
		const stored = agent.messages().at(-1);
		expect(stored && "errorMessage" in stored ? stored.errorMessage : "").toContain('"autoCompaction": false');
	});

	it("a fork is recorded as the session last worked in (what -c continues)", async () => {
		const { agent, sessionDir } = await openAgent([textReply("a1"), textReply("a2")]);
		await agent.prompt("q1");
		await agent.prompt("q2");
		const q2 = agent.forkMessages().find((m) => m.text === "q2")!;
		await agent.fork(q2.entryId);
		const forked = agent.store.file!;
		expect(fs.existsSync(forked)).toBe(true);
		expect([...readWorked(sessionDir).keys()]).toContain(path.basename(forked));
	});
});
