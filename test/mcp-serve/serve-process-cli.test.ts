/** `arbor mcp serve` as a process (docs/memory.md): stdout holds only protocol messages; the end of stdin ends it with 0. */
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { place } from "../helpers/print-run.js";

const line = (value: object) => `${JSON.stringify(value)}\n`;

describe("arbor mcp serve, the process", () => {
	it("answers initialize and tools/list on stdout as JSON-RPC lines only, and exits 0 when stdin ends", async () => {
		const { cwd, home } = place("arbor-mcp-process-");
		const input =
			line({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) +
			line({ jsonrpc: "2.0", method: "notifications/initialized" }) +
			line({ jsonrpc: "2.0", id: 2, method: "tools/list" });
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
});
