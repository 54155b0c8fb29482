/**
 * A project's MCP servers start only once approved, per project and config (docs/mcp.md), and
 * `arbor mcp add|list|remove|approve` — through the built CLI, with server-filesystem and
 * server-everything on stdio.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { model, place } from "../helpers/print-run.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";
import { EVERYTHING, FILESYSTEM } from "./servers.js";

describe("a project's MCP servers and arbor mcp", () => {
	let server: SseServer;
	beforeAll(async () => {
		server = await startSseServer(() => textReply("ok"));
	});
	afterAll(async () => server.close());

	const where = place("arbor-mcp-approve-");
	const env = { ARBOR_HOME: where.home };
	const arbor = (args: string[]) => runCli(args, { cwd: where.cwd, env });
	/** The tools the model was offered in the last request. */
	const offered = () => (server.requests.at(-1)!.body.tools ?? []).map((t: any) => t.function.name as string).filter((n: string) => n.startsWith("mcp__"));
	const fsConfig = (dir: string) => JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM, dir] } } });

	it("a .mcp.json server does not start before it is approved, and headless runs say how to approve it", async () => {
		write(join(where.cwd, ".mcp.json"), fsConfig("."));
		const run = await arbor(["-p", ...model(server.url), "hi"]);
		expect(run.stdout).toBe("ok\n");
		expect(run.stderr).toBe("arbor: warning: this project's MCP server fs not approved, not started: run `arbor mcp approve` to approve\n");
		expect(offered()).toEqual([]);
	}, 30_000);

	it("arbor mcp approve lists the command line it approves; then the server's tools are offered", async () => {
		const approve = await arbor(["mcp", "approve"]);
		expect(approve).toMatchObject({ code: 0, stderr: "" });
		expect(approve.stdout).toBe(`approved fs: ${process.execPath} ${FILESYSTEM} .  (${join(where.cwd, ".mcp.json")})\n`);
		const run = await arbor(["-p", ...model(server.url), "hi"]);
		expect(run.stderr).toBe("");
		expect(offered()).toContain("mcp__fs__read_text_file");
	}, 30_000);

	it("a changed command asks again", async () => {
		write(join(where.cwd, ".mcp.json"), fsConfig(where.cwd));
		const run = await arbor(["-p", ...model(server.url), "hi"]);
		expect(run.stderr).toBe("arbor: warning: this project's MCP server fs changed since approved, not started: run `arbor mcp approve` to approve\n");
		expect(offered()).toEqual([]);
		const list = await arbor(["mcp", "list"]);
		expect(list.stdout).toContain("fs  project  changed since approved (arbor mcp approve)\n");
	}, 30_000);

	it("add writes the user's settings or the project's .mcp.json in Claude Code's shape; list starts them; remove takes one out", async () => {
		const added = await arbor(["mcp", "add", "-e", "A=1", "every", "--", process.execPath, EVERYTHING, "stdio"]);
		expect(added).toMatchObject({ code: 0, stderr: "" });
		expect(JSON.parse(readFileSync(join(where.home, "settings.json"), "utf8"))).toEqual({ mcpServers: { every: { command: process.execPath, args: [EVERYTHING, "stdio"], env: { A: "1" } } } });
		const http = await arbor(["mcp", "add", "--scope", "project", "remote", "http://127.0.0.1:9/mcp", "-H", "Authorization: Bearer ${TOKEN}"]);
		expect(http.code).toBe(0);
		expect(JSON.parse(readFileSync(join(where.cwd, ".mcp.json"), "utf8")).mcpServers.remote).toEqual({ type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer ${TOKEN}" } });
		const list = await arbor(["mcp", "list", "--json"]);
		const byName = Object.fromEntries(JSON.parse(list.stdout).map((s: any) => [s.name, s]));
		expect(byName.every).toMatchObject({ scope: "user", state: "ready" });
		expect(byName.every.tools).toContain("mcp__every__echo");
		expect(byName.remote).toMatchObject({ scope: "project", state: "unapproved" });
		const removed = await arbor(["mcp", "remove", "remote"]);
		expect(removed.stdout).toBe(`removed MCP server remote from ${join(where.cwd, ".mcp.json")}\n`);
		expect(Object.keys(JSON.parse(readFileSync(join(where.cwd, ".mcp.json"), "utf8")).mcpServers)).toEqual(["fs"]);
		expect((await arbor(["mcp", "remove", "nothing"])).stderr).toMatch(/^arbor: no MCP server nothing in /);
	}, 60_000);
});
