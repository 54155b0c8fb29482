import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startAcp, type AcpHarness } from "../helpers/acp-client.js";
import { startSseServer, type SseServer } from "../helpers/sse-server.js";
import { tempProject } from "../checkpoints/helpers.js";
import { branchOf, fanoutScript } from "./fanout-server.js";
import { waitFor } from "../helpers/wait-for.js";

let server: SseServer | undefined;
let acp: AcpHarness | undefined;
let at: ReturnType<typeof tempProject>;
afterEach(async () => {
	if (acp && acp.child.exitCode === null) await acp.end();
	await server?.close();
	at.done();
});

type Comparison = { branches: { index: number; status: string; cwd: string; endId: string | null }[] };

/** A session with one turn, then a fan-out of 2 from it: branch 1 done, branch 2 held by the server before its tool result. */
async function fanoutHeldAtBranch2(): Promise<{ sessionId: string; answering: Promise<Comparison>; client: AcpHarness; held: SseServer }> {
	at = tempProject();
	const held = await startSseServer(fanoutScript({ command: (k) => `echo acp-${k} > f.txt`, hold: [2] }));
	server = held;
	const client = startAcp(["--model", "compat:test-model", "--base-url", held.url, "--yes"], at);
	acp = client;
	await client.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
	const { sessionId } = await client.agent.request<{ sessionId: string }>("session/new", { cwd: at.cwd, mcpServers: [] });
	await client.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hi" }] });
	const answering = client.agent.request<Comparison>("_arbor/fanout", { sessionId, prompt: "go", count: 2 });
	const ended = () => client.raw.stdout.split("\n").filter((l) => l.includes('"_arbor/fanout_progress"') && l.includes('"branch_end"')).length;
	const waiting = () => held.requests.some((r) => branchOf(r.body) === 2 && r.body.messages.some((m: { role: string }) => m.role === "tool"));
	await waitFor(() => waiting() && ended() === 1, { what: "branch 1 done, branch 2 held" });
	return { sessionId, answering, client, held };
}

describe("ACP _arbor/fanout (the ACP SDK's client, the built CLI)", () => {
	it("branches from the session's leaf, _arbor/fanout_progress per branch step, the comparison as the answer", async () => {
		at = tempProject();
		server = await startSseServer(fanoutScript({ command: (k) => `echo acp-${k} > f.txt` }));
		acp = startAcp(["--model", "compat:test-model", "--base-url", server.url, "--yes"], at);
		await acp.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
		const { sessionId } = await acp.agent.request<{ sessionId: string }>("session/new", { cwd: at.cwd, mcpServers: [] });
		await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hi" }] });
		const answer = await acp.agent.request<{ branches: { label: string; status: string; cwd: string }[] }>("_arbor/fanout", { sessionId, prompt: "go", count: 2 });
		expect(answer.branches.map((b) => [b.label, b.status])).toEqual([
			["fanout 1/2 · compat:test-model", "done"],
			["fanout 2/2 · compat:test-model", "done"],
		]);
		for (const [k, b] of answer.branches.entries()) expect(fs.readFileSync(path.join(b.cwd, "f.txt"), "utf8")).toBe(`acp-${k + 1}\n`);
		expect(fs.existsSync(path.join(at.cwd, "f.txt"))).toBe(false);
		const progress = acp.raw.stdout.split("\n").filter((l) => l.includes('"_arbor/fanout_progress"')).map((l) => JSON.parse(l).params.event.type);
		expect(progress.filter((t: string) => t === "branch_start")).toHaveLength(2);
		expect(progress.filter((t: string) => t === "branch_end")).toHaveLength(2);
	});

	it("session/cancel stops a running fan-out: the running branch is aborted, what it wrote stays, the comparison marks it", async () => {
		const { sessionId, answering, client } = await fanoutHeldAtBranch2();
		await client.agent.notify("session/cancel", { sessionId });
		const answer = await answering;
		expect(answer.branches.map((b) => [b.index, b.status])).toEqual([
			[1, "done"],
			[2, "aborted"],
		]);
		expect(fs.readFileSync(path.join(answer.branches[1]!.cwd, "f.txt"), "utf8")).toBe("acp-2\n");
		expect(answer.branches[1]!.endId).not.toBeNull();
		expect(fs.existsSync(path.join(at.cwd, "f.txt"))).toBe(false);
	});

	it("a prompt sent to the session while its fan-out runs is refused (busy); the fan-out goes on and session/cancel still stops it", async () => {
		const { sessionId, answering, client, held } = await fanoutHeldAtBranch2();
		const asked = held.requests.length;
		await expect(client.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "meanwhile" }] })).rejects.toThrow(/busy|running/);
		expect(held.requests.length).toBe(asked);
		await client.agent.notify("session/cancel", { sessionId });
		const answer = await answering;
		expect(answer.branches.map((b) => [b.index, b.status])).toEqual([
			[1, "done"],
			[2, "aborted"],
		]);
	});
});
