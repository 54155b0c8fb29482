import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { runCli } from "../helpers/cli.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { files, hashTree, tempProject, userRepo } from "../checkpoints/helpers.js";

let server: SseServer | undefined;
const running: AcpHarness[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
	for (const acp of running.splice(0)) if (acp.child.exitCode === null) await acp.end();
	await server?.close();
	server = undefined;
	for (const done of cleanups.splice(0)) done();
});

type Node = { id: string; type: string; role?: string; children: Node[] };
type Where = { cwd: string; home: string };

function project(): Where {
	const at = tempProject();
	cleanups.push(at.done);
	userRepo(at.cwd);
	return at;
}

function start(url: string, where: Where, extra: string[] = []): AcpHarness {
	const acp = startAcp(["--model", "compat:test-model", "--base-url", url, ...extra], where);
	running.push(acp);
	return acp;
}

/** The ids of the session's assistant messages, in tree order (one branch here). */
async function replies(acp: AcpHarness, sessionId: string): Promise<string[]> {
	const tree = await acp.agent.request<{ roots: Node[] }>("_arbor/get_tree", { sessionId, filter: "all" });
	const out: string[] = [];
	const walk = (nodes: Node[]) => {
		for (const node of nodes) {
			if (node.type === "message" && node.role === "assistant") out.push(node.id);
			walk(node.children);
		}
	};
	walk(tree.roots);
	return out;
}

async function cliJson(where: Where, args: string[]): Promise<unknown> {
	const run = await runCli(args, { cwd: where.cwd, env: { ARBOR_HOME: where.home } });
	expect(run.stderr).toBe("");
	expect(run.code).toBe(0);
	return JSON.parse(run.stdout);
}

/** Every stdout line is a JSON-RPC 2.0 message. */
function expectOnlyProtocol(stdout: string): void {
	for (const line of stdout.split("\n").filter((l) => l !== "")) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
}

describe("arbor acp: checkpoints of the project's files", () => {
	it("a turn's write and bash (allowed by the editor) are checkpointed; _arbor/get_checkpoints, _arbor/restore_files and _arbor/navigate restoreFiles answer what the subcommands do; .git is never touched", async () => {
		server = await startSseServer([
			textReply("Hello."),
			toolCallReply([{ id: "c1", name: "write", args: { path: "a.txt", content: "changed\n" } }], { text: "Writing." }),
			toolCallReply([{ id: "c2", name: "bash", args: { command: "echo made > made.txt" } }]),
			textReply("Done."),
		]);
		const where = project();
		const gitBefore = hashTree(join(where.cwd, ".git"));
		const before = files(where.cwd);
		const acp = start(server.url, where);
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hi" }] });
		// The first prompt records the files as it is sent; a turn without tools takes no other.
		const opening = await acp.agent.request<{ checkpoints: { reason: string }[] }>("_arbor/get_checkpoints", { sessionId });
		expect(opening.checkpoints.map((c) => c.reason)).toEqual(["before-prompt"]);
		const answer = await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "change the files" }] });
		expect(answer.stopReason).toBe("end_turn");
		expect(acp.permissions.map((p) => p.toolCall.toolCallId)).toEqual(["c1", "c2"]);
		const after = files(where.cwd);
		expect(after["a.txt"]).toBe("changed\n");
		expect(after["made.txt"]).toBe("made\n");

		const listed = await acp.agent.request<{ checkpoints: { entryId: string; reason: string }[] }>("_arbor/get_checkpoints", { sessionId });
		expect(listed.checkpoints.map((c) => c.reason)).toEqual(["before-prompt", "after-turn"]);
		expect(listed.checkpoints).toEqual(await cliJson(where, ["checkpoints", sessionId, "--json"]));

		const [hello, first, last] = [...(await replies(acp, sessionId)).slice(0, 2), (await replies(acp, sessionId)).at(-1)] as [string, string, string];
		const dry = await acp.agent.request("_arbor/restore_files", { sessionId, entryId: first, dryRun: true });
		expect(dry).toEqual(await cliJson(where, ["restore", sessionId, first, "--dry-run", "--json"]));
		expect(files(where.cwd)).toEqual(after);

		const restored = await acp.agent.request<{ entryId: string; checkpoint: string; safetyCheckpoint: string; changes: unknown[] }>("_arbor/restore_files", { sessionId, entryId: first });
		expect(restored).toMatchObject({ entryId: first, checkpoint: listed.checkpoints[0]!.entryId });
		expect(restored.changes).toHaveLength(2);
		expect(files(where.cwd)).toEqual(before);
		expect(hashTree(join(where.cwd, ".git"))).toEqual(gitBefore);

		// The leaf is still at the end of the turn (under the safety checkpoint): the files follow it back.
		type Nav = { status: string; leafId: string; restored: { entryId: string; changes: unknown[] } };
		const stay = await acp.agent.request<Nav>("_arbor/navigate", { sessionId, entryId: last, restoreFiles: true });
		expect(stay).toMatchObject({ status: "already-here", restored: { entryId: last } });
		expect(stay.restored.changes).toHaveLength(2);
		expect(files(where.cwd)).toEqual(after);
		// A move to the write's reply: the leaf and the files together.
		const moved = await acp.agent.request<Nav>("_arbor/navigate", { sessionId, entryId: first, restoreFiles: true });
		expect(moved).toMatchObject({ status: "moved", leafId: first, restored: { entryId: first } });
		expect(files(where.cwd)).toEqual(before);

		// The reply before the first file-changing turn has the first prompt's file state.
		const back = await acp.agent.request<Nav>("_arbor/navigate", { sessionId, entryId: hello, restoreFiles: true });
		expect(back).toMatchObject({ status: "moved", leafId: hello, restored: { entryId: hello } });
		expect(files(where.cwd)).toEqual(before);
		expect(hashTree(join(where.cwd, ".git"))).toEqual(gitBefore);
		expect(await acp.end()).toEqual({ code: 0, signal: null });
		expectOnlyProtocol(acp.raw.stdout);
		expect(acp.raw.stderr).toBe("");
	});

	it("--no-checkpoints takes none and refuses _arbor/restore_files", async () => {
		server = await startSseServer([toolCallReply([{ id: "c1", name: "write", args: { path: "a.txt", content: "changed\n" } }]), textReply("Done.")]);
		const where = project();
		const acp = start(server.url, where, ["--no-checkpoints"]);
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "change" }] });
		expect(readFileSync(join(where.cwd, "a.txt"), "utf8")).toBe("changed\n");
		expect(await acp.agent.request("_arbor/get_checkpoints", { sessionId })).toEqual({ checkpoints: [] });
		const [reply] = await replies(acp, sessionId);
		await expect(acp.agent.request("_arbor/restore_files", { sessionId, entryId: reply! })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("checkpoints are off") });
		expect(await acp.end()).toEqual({ code: 0, signal: null });
		expect(acp.raw.stderr).toBe("");
	});

	it("a refused snapshot is logged once on stderr, never on stdout, and the turn goes on", async () => {
		server = await startSseServer([toolCallReply([{ id: "c1", name: "write", args: { path: "a.txt", content: "changed\n" } }]), textReply("Done.")]);
		const where = project();
		writeFileSync(join(where.home, "settings.json"), JSON.stringify({ checkpointMaxFiles: 1 }));
		const acp = start(server.url, where);
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request("session/new", { cwd: where.cwd, mcpServers: [] });
		expect((await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "change" }] })).stopReason).toBe("end_turn");
		expect(readFileSync(join(where.cwd, "a.txt"), "utf8")).toBe("changed\n");
		expect(await acp.agent.request("_arbor/get_checkpoints", { sessionId })).toEqual({ checkpoints: [] });
		expect(await acp.end()).toEqual({ code: 0, signal: null });
		const lines = acp.raw.stderr.split("\n").filter((l) => l !== "");
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^arbor: checkpoints off: no checkpoints: .* has more than 1 files$/);
		expectOnlyProtocol(acp.raw.stdout);
		expect(acp.raw.stdout).not.toContain("checkpoints off");
	});
});
