/**
 * MCP servers' tools in print mode, through the built CLI against the local model server and the
 * reference servers: stdio and Streamable HTTP on 127.0.0.1 (docs/mcp.md).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";
import { dyingStdio, everythingStdio, startEverythingHttp } from "./servers.js";

/** The tool results stored in the run's session file. */
function toolResults(home: string): any[] {
	const [file] = sessionFiles(home);
	return entries(file!).filter((e) => e.type === "message" && e.message.role === "toolResult").map((e) => e.message);
}

/** A project whose user settings name the servers. */
function withServers(servers: Record<string, unknown>): { cwd: string; home: string } {
	const where = place("arbor-mcp-");
	write(join(where.home, "settings.json"), JSON.stringify({ mcpServers: servers }));
	return where;
}

async function run(server: SseServer, where: { cwd: string; home: string }, args: string[], env: Record<string, string> = {}) {
	return runCli(["-p", ...model(server.url), ...args, "go"], { cwd: where.cwd, env: { ARBOR_HOME: where.home, ...env } });
}

describe("MCP tools in print mode", () => {
	let http: Awaited<ReturnType<typeof startEverythingHttp>>;
	let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
	beforeAll(async () => {
		[http, sse] = await Promise.all([startEverythingHttp(), startEverythingHttp("sse")]);
	}, 30_000);
	afterAll(async () => Promise.all([http?.close(), sse?.close()]));

	for (const transport of ["stdio", "http", "sse"] as const) {
		it(`${transport}: the model sees mcp__everything__echo and its call's text comes back`, async () => {
			const server = await startSseServer([toolCallReply([{ id: "c1", name: "mcp__everything__echo", args: { message: "hi there" } }]), textReply("done")]);
			try {
				const remote = transport === "http" ? { type: "http", url: http.url } : { type: "sse", url: sse.url };
				const where = withServers({ everything: transport === "stdio" ? everythingStdio() : remote });
				const result = await run(server, where, ["-y"]);
				expect(result.stderr).toBe("");
				expect(result.stdout).toBe("done\n");
				const offered = server.requests[0]!.body.tools.map((t: any) => t.function.name);
				expect(offered).toContain("mcp__everything__echo");
				expect(offered).toContain("mcp__everything__get-tiny-image");
				expect(toolResults(where.home)).toMatchObject([{ toolName: "mcp__everything__echo", isError: false, content: [{ type: "text", text: "Echo: hi there" }] }]);
			} finally {
				await server.close();
			}
		}, 30_000);
	}

	it("keeps an image and resource links in the result; a failing call is the call's error", async () => {
		const server = await startSseServer([
			toolCallReply([
				{ id: "c1", name: "mcp__everything__get-tiny-image", args: {} },
				{ id: "c2", name: "mcp__everything__get-resource-links", args: { count: 2 } },
				{ id: "c3", name: "mcp__everything__get-sum", args: { a: "x", b: 2 } },
			]),
			textReply("done"),
		]);
		try {
			const where = withServers({ everything: everythingStdio() });
			const result = await run(server, where, ["-y"]);
			expect(result.stdout).toBe("done\n");
			const byName = (name: string) => toolResults(where.home).find((r) => r.toolName === `mcp__everything__${name}`);
			const [image, links, sum] = ["get-tiny-image", "get-resource-links", "get-sum"].map(byName);
			expect(image.content.filter((c: any) => c.type === "image")).toMatchObject([{ type: "image", mimeType: "image/png" }]);
			expect(links.content[0].text).toContain("[resource link: demo://resource/dynamic/text/2 (Text Resource 2, text/plain) — Resource 2: plaintext resource]");
			expect(sum).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/Invalid arguments for tool get-sum/) }] });
			// The image reached the model as an image, not as text.
			const sent = JSON.stringify(server.requests[1]!.body.messages);
			expect(sent).toContain("image");
		} finally {
			await server.close();
		}
	}, 30_000);

	it("without -y a call is refused with how to allow it; a server that cannot start is one warning and the others work", async () => {
		const server = await startSseServer([toolCallReply([{ id: "c1", name: "mcp__everything__echo", args: { message: "x" } }]), textReply("done")]);
		try {
			const where = withServers({ everything: everythingStdio(), broken: { command: process.execPath, args: ["-e", "console.error('no database here'); process.exit(3)"] } });
			const result = await run(server, where, []);
			expect(result.stdout).toBe("done\n");
			expect(result.stderr).toMatch(/^arbor: warning: MCP server broken: .*Connection closed \(no database here\)\n$/);
			const [echo] = toolResults(where.home);
			expect(echo.isError).toBe(true);
			expect(echo.content[0].text).toContain("rerun with -y");
		} finally {
			await server.close();
		}
	}, 30_000);

	it("${VAR} in env reaches the server; its value never reaches the session file", async () => {
		const secret = "s3cr3t-value-of-the-token-42";
		const server = await startSseServer([toolCallReply([{ id: "c1", name: "mcp__everything__get-env", args: {} }]), textReply("done")]);
		try {
			const where = withServers({ everything: everythingStdio({ env: { SERVICE_TOKEN: "${MY_TOKEN}", PLAIN: "${UNSET_VAR:-fallback-value}" } }) });
			const result = await run(server, where, ["-y"], { MY_TOKEN: secret });
			expect(result.stdout).toBe("done\n");
			const text = toolResults(where.home)[0].content[0].text;
			expect(text).toContain('"SERVICE_TOKEN": "[redacted]"');
			expect(text).toContain('"PLAIN": "fallback-value"');
			expect(readFileSync(sessionFiles(where.home)[0]!, "utf8")).not.toContain(secret);
			expect(JSON.stringify(server.requests[1]!.body)).not.toContain(secret);
		} finally {
			await server.close();
		}
	}, 30_000);

	it("an MCP prompt is a slash command: /mcp__server__prompt sends the prompt's text, its words fill the arguments", async () => {
		const server = await startSseServer(() => textReply("done"));
		try {
			const where = withServers({ everything: everythingStdio() });
			const sent = await runCli(["-p", ...model(server.url), "/mcp__everything__args-prompt Paris Île de France"], { cwd: where.cwd, env: { ARBOR_HOME: where.home } });
			expect(sent).toMatchObject({ code: 0, stdout: "done\n", stderr: "" });
			expect(server.requests[0]!.body.messages.at(-1)).toEqual({ role: "user", content: "What's weather in Paris, Île de France?" });
			const missing = await runCli(["-p", ...model(server.url), "/mcp__everything__args-prompt"], { cwd: where.cwd, env: { ARBOR_HOME: where.home } });
			expect(missing.stderr).toContain("needs city");
			expect(server.requests).toHaveLength(1);
		} finally {
			await server.close();
		}
	}, 30_000);

	it("a server that dies mid-session: its next call fails at once with the reason; the other server still works", async () => {
		const server = await startSseServer([
			toolCallReply([{ id: "c1", name: "mcp__dying__crash", args: {} }]),
			toolCallReply([
				{ id: "c2", name: "mcp__dying__ping", args: {} },
				{ id: "c3", name: "mcp__everything__echo", args: { message: "still here" } },
			]),
			textReply("done"),
		]);
		try {
			const where = withServers({ dying: dyingStdio(), everything: everythingStdio() });
			const result = await run(server, where, ["-y"]);
			expect(result.stdout).toBe("done\n");
			expect(result.stderr).toBe("arbor: warning: MCP server dying: stopped: out of memory in the widget cache\n");
			const byId = Object.fromEntries(toolResults(where.home).map((r) => [r.toolCallId, r]));
			expect(byId.c1.isError).toBe(true);
			expect(byId.c2).toMatchObject({ isError: true, content: [{ text: "MCP server dying is not running: stopped: out of memory in the widget cache" }] });
			expect(byId.c3).toMatchObject({ isError: false, content: [{ text: "Echo: still here" }] });
		} finally {
			await server.close();
		}
	}, 30_000);
});
