/** `arbor mcp serve` as a process (docs/memory.md): stdout holds only protocol messages; the end of stdin ends it with 0. */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeBranchSessions } from "../helpers/branch-sessions.js";
import { builtCli, runCli } from "../helpers/cli.js";
import { waitFor } from "../helpers/wait-for.js";
import { readJsonl } from "../helpers/jsonl.js";
import { place } from "../helpers/print-run.js";

const line = (value: object) => `${JSON.stringify(value)}\n`;
const INITIALIZE =
	line({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) +
	line({ jsonrpc: "2.0", method: "notifications/initialized" });

/** A user-level extension that prints on stdout at load, at session start and before a move. */
const NOISY = `export default function (arbor: any) {
	console.log("NOISE at load");
	arbor.on("session_start", () => console.log("NOISE at start"));
	arbor.on("session_before_tree", () => console.info("NOISE before the move"));
}
`;

describe("arbor mcp serve, the process", () => {
	it("answers initialize and tools/list on stdout as JSON-RPC lines only, and exits 0 when stdin ends", async () => {
		const { cwd, home } = place("arbor-mcp-process-");
		const input = INITIALIZE + line({ jsonrpc: "2.0", id: 2, method: "tools/list" });
		const run = await runCli(["mcp", "serve"], { cwd, input, env: { ARBOR_HOME: home } });
		expect(run.code, run.stderr).toBe(0);
		expect(run.stderr).toBe("");
		const messages = run.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
		expect(messages.map((m) => m.id)).toEqual([1, 2]);
		expect(messages[0].result.serverInfo.name).toBe("arbor");
		expect(messages[1].result.tools.map((t: { name: string }) => t.name)).toEqual(["list_sessions", "search", "get_tree", "read_entry", "read_context"]);
	});

	it("refuses what it does not know: an unknown option, --all with --session-dir (exit 2)", async () => {
		const { cwd, home } = place("arbor-mcp-process-");
		const env = { ARBOR_HOME: home };
		const bogus = await runCli(["mcp", "serve", "--bogus"], { cwd, env });
		expect(bogus).toMatchObject({ code: 2, stdout: "" });
		// (Node's own words for the unknown option differ between versions.)
		expect(bogus.stderr).toMatch(/^arbor: Unknown option '--bogus'.* \(usage: arbor mcp serve \[--all\] \[--allow-write\] \[--session-dir <dir>\]\)\n$/);
		expect(await runCli(["mcp", "serve", "--all", "--session-dir", cwd], { cwd, env })).toMatchObject({ code: 2, stderr: "arbor: --all serves every project's sessions under ARBOR_HOME; drop --session-dir\n" });
	});

	it("a client that writes its calls and closes stdin gets every answer; what an extension prints goes to stderr, never into the protocol", async () => {
		const { cwd, home } = place("arbor-mcp-process-");
		const { branched } = writeBranchSessions(cwd, home);
		mkdirSync(join(home, "extensions"), { recursive: true });
		writeFileSync(join(home, "extensions", "noisy.ts"), NOISY);
		const call = (id: number, name: string, args: object) => line({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
		const input = INITIALIZE + call(2, "label_entry", { session: "0a1b", entryId: "aA", label: "apple" }) + call(3, "move_leaf", { session: "0a1b", entryId: "aA", summary: "Bananas." });
		const run = await runCli(["mcp", "serve", "--allow-write"], { cwd, input, env: { ARBOR_HOME: home } });
		expect(run.code, run.stderr).toBe(0);
		const messages = run.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
		expect(messages.map((m) => [m.id, m.result?.isError ?? false])).toEqual([
			[1, false],
			[2, false],
			[3, false],
		]);
		expect(run.stderr).toContain("NOISE at load");
		expect(run.stderr).toContain("NOISE before the move");
		expect(readJsonl(branched).filter((e) => e.type === "label" || e.type === "branch_summary").map((e) => e.type)).toEqual(["label", "branch_summary"]);
	});

	it("SIGTERM ends it with 143 (128 + the signal's number) while the client still holds stdin open", async () => {
		const { cwd, home } = place("arbor-mcp-process-");
		const child = spawn(process.execPath, [builtCli(), "mcp", "serve"], { cwd, env: { ...process.env, ARBOR_HOME: home }, stdio: "pipe" });
		let stdout = "";
		child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
		const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("close", (code, signal) => resolve([code, signal])));
		try {
			child.stdin.write(INITIALIZE);
			await waitFor(() => stdout.includes('"id":1'), { what: "the answer to initialize" });
			child.kill("SIGTERM");
			expect(await exited).toEqual([143, null]);
		} finally {
			if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
		}
	});
});
