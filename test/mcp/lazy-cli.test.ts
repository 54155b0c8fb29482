/**
 * Lazy tool loading (docs/mcp.md), through the built CLI: when the MCP tool definitions take more
 * than `mcpToolShare` percent of the model's window, the model gets `mcp_tool_search` instead of
 * them, and the tools a search finds are offered from the next step on.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";
import { writeModels } from "../rpc/helpers.js";
import { everythingStdio } from "./servers.js";

const offered = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function.name);

async function lazyRun(settings: Record<string, unknown>, scripts: Parameters<typeof startSseServer>[0]) {
	const server = await startSseServer(scripts);
	const where = place("arbor-mcp-lazy-");
	write(join(where.home, "settings.json"), JSON.stringify({ mcpServers: { everything: everythingStdio() }, ...settings }));
	writeModels(where.home, server.url);
	const run = await runCli(["-p", "-y", "--provider", "local", "--model", "m2", "go"], { cwd: where.cwd, env: { ARBOR_HOME: where.home, LOCAL_KEY: "k" } });
	await server.close();
	return { run, requests: server.requests, home: where.home };
}

describe("lazy MCP tool loading", () => {
	it("over the share: one search tool; what it finds is offered in the next step and runs", async () => {
		const { run, requests, home } = await lazyRun({ mcpToolShare: 1 }, [
			toolCallReply([{ id: "s1", name: "mcp_tool_search", args: { query: "echo back the input" } }]),
			toolCallReply([{ id: "e1", name: "mcp__everything__echo", args: { message: "lazy" } }]),
			textReply("done"),
		]);
		expect(run).toMatchObject({ code: 0, stdout: "done\n", stderr: "" });
		const first = offered(requests[0]!.body);
		expect(first).toContain("mcp_tool_search");
		expect(first.filter((n) => n.startsWith("mcp__"))).toEqual([]);
		const second = offered(requests[1]!.body).filter((n) => n.startsWith("mcp__"));
		expect(second).toContain("mcp__everything__echo");
		expect(second.length).toBeLessThanOrEqual(5);
		const results = entries(sessionFiles(home)[0]!).filter((e) => e.message?.role === "toolResult").map((e) => e.message);
		expect(results[0].content[0].text).toContain("mcp__everything__echo: Echoes back the input string");
		expect(results[1]).toMatchObject({ toolName: "mcp__everything__echo", isError: false, content: [{ text: "Echo: lazy" }] });
	}, 30_000);

	it("under the share (default 10 %): every tool is offered and no search tool", async () => {
		const { run, requests } = await lazyRun({}, [textReply("done")]);
		expect(run.stdout).toBe("done\n");
		const first = offered(requests[0]!.body);
		expect(first).not.toContain("mcp_tool_search");
		expect(first.filter((n) => n.startsWith("mcp__everything__")).length).toBeGreaterThan(10);
	}, 30_000);
});
