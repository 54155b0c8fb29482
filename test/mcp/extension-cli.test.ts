/**
 * Extensions and MCP (docs/mcp.md): pi 1.6's `registerMcpServer` starts a server with the session's
 * (no approval), and the extensions' `tool_call` hook sees the calls of MCP tools and may block them.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";
import { EVERYTHING } from "./servers.js";

const EXTENSION = `
export default function (pi: any) {
	pi.registerMcpServer("ext", { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(EVERYTHING)}, "stdio"] });
	pi.on("tool_call", (event: any) => {
		if (event.toolName === "mcp__ext__echo" && event.input.message === "secret plan") return { block: true, reason: "not that one" };
		return undefined;
	});
}
`;

describe("extensions and MCP servers", () => {
	it("registerMcpServer's server gives the model its tools; tool_call sees and blocks an MCP call", async () => {
		const server = await startSseServer([
			toolCallReply([
				{ id: "c1", name: "mcp__ext__echo", args: { message: "fine" } },
				{ id: "c2", name: "mcp__ext__echo", args: { message: "secret plan" } },
			]),
			textReply("done"),
		]);
		try {
			const { cwd, home } = place("arbor-mcp-ext-");
			write(join(home, "extensions", "servers.ts"), EXTENSION);
			const run = await runCli(["-p", "-y", ...model(server.url), "go"], { cwd, env: { ARBOR_HOME: home } });
			expect(run).toMatchObject({ code: 0, stdout: "done\n", stderr: "" });
			expect(server.requests[0]!.body.tools.map((t: any) => t.function.name)).toContain("mcp__ext__echo");
			const results = entries(sessionFiles(home)[0]!).filter((e) => e.message?.role === "toolResult").map((e) => e.message);
			const byId = Object.fromEntries(results.map((r) => [r.toolCallId, r]));
			expect(byId.c1).toMatchObject({ isError: false, content: [{ text: "Echo: fine" }] });
			expect(byId.c2).toMatchObject({ isError: true, content: [{ text: "blocked by an extension: not that one" }] });
		} finally {
			await server.close();
		}
	}, 30_000);
});
