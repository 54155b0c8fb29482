import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { modernNode } from "../helpers/modern-node.js";
import { REPO_ROOT } from "../helpers/shared.js";
import { startSseServer, textReply, toolCallReply, type Script } from "../helpers/sse-server.js";
import { cleanUp, tempDir, writeModels } from "../rpc/helpers.js";

afterEach(cleanUp);

const PI_CLI = join(REPO_ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
const scripts = (): Script[] => [toolCallReply([{ id: "call_1", name: "write", args: { path: "a.txt", content: "A\n" } }], { text: "Writing." }), textReply("Written.")];
type Line = { type: string; [key: string]: any };

/** `pi --mode json` (pi 1.6 in a Node that runs it) against its own local server: stdout's lines. */
async function piJson(prompt: string): Promise<{ lines: Line[]; cwd: string }> {
	const server = await startSseServer(scripts());
	const agentDir = tempDir();
	const cwd = tempDir();
	writeModels(agentDir, server.url);
	const node = await modernNode();
	const child = spawn(node, [PI_CLI, "--mode", "json", "--no-session", "--no-extensions", "--no-context-files", "--provider", "local", "--model", "m1", prompt], {
		cwd,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, LOCAL_KEY: "k", PI_OFFLINE: "1" },
		stdio: ["ignore", "pipe", "pipe"],
	});
	let stdout = "";
	child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
	await new Promise((resolve) => child.on("close", resolve));
	await server.close();
	return { lines: stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Line), cwd };
}

/**
 * The events as a list of names; pi 1.6's system-prompt messages and tool-argument deltas left out
 * (arbor has neither). The updates of one message are compared as a set in order of name: pi's
 * provider closes a text block only once the tool call after it has begun, arbor before.
 */
function shape(lines: Line[]): string[] {
	const names = lines
		.filter((e) => !(e.message?.role === "system") && e.assistantMessageEvent?.type !== "toolcall_delta")
		.map((e) => (e.type === "message_update" ? `update:${e.assistantMessageEvent.type}` : e.type === "message_start" || e.type === "message_end" ? `${e.type}:${e.message.role}` : e.type));
	const out: string[] = [];
	let run: string[] = [];
	for (const name of [...names, ""]) {
		if (name.startsWith("update:")) {
			run.push(name);
			continue;
		}
		out.push(...run.sort());
		run = [];
		if (name !== "") out.push(name);
	}
	return out;
}

describe("arbor --mode json: pi's JSON event stream", () => {
	it("prints the session header and the events in the order and shape pi 1.6 prints them", async () => {
		const server = await startSseServer(scripts());
		const home = tempDir();
		const cwd = tempDir();
		writeModels(home, server.url);
		const run = await runCli(["--mode", "json", "--provider", "local", "--model", "m1", "--no-extensions", "--no-context-files", "--yes", "write a"], { cwd, env: { ARBOR_HOME: home, LOCAL_KEY: "k" } });
		await server.close();
		expect(run.code).toBe(0);
		expect(readFileSync(join(cwd, "a.txt"), "utf8")).toBe("A\n");
		const lines = run.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Line);
		expect(lines[0]).toMatchObject({ type: "session", version: 3, cwd });
		const updates = lines.filter((e) => e.type === "message_update");
		// Delta-only: no cumulative message, no partial snapshots (pi 1.6's wire).
		expect(updates.every((e) => !("message" in e) && !("partial" in e.assistantMessageEvent) && typeof e.usage === "object")).toBe(true);
		expect(updates.find((e) => e.assistantMessageEvent.type === "toolcall_start")?.assistantMessageEvent).toMatchObject({ id: "call_1", toolName: "write" });

		const pi = await piJson("write a");
		expect(readFileSync(join(pi.cwd, "a.txt"), "utf8")).toBe("A\n");
		expect(pi.lines[0]).toMatchObject({ type: "session", version: 3 });
		expect(shape(lines)).toEqual(shape(pi.lines));
	}, 180_000);
});
