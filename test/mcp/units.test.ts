/** The MCP client's pure parts: config shapes, `${VAR}` expansion and its secrets, approvals, results, prompts, lazy loading. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { approvalStates, approveServers, configHash } from "../../source/mcp/approval.js";
import { describeServer, parseServerConfig, type McpServerEntry } from "../../source/mcp/config.js";
import { expandConfig } from "../../source/mcp/expand.js";
import { lazyNeeded, searchTools } from "../../source/mcp/lazy-tools.js";
import type { McpServerStatus } from "../../source/mcp/manager.js";
import { promptArguments } from "../../source/mcp/prompts.js";
import { mcpToolName, resultOutput } from "../../source/mcp/tool-entries.js";
import { knownSecrets } from "../../source/text/secrets.js";

describe("config", () => {
	it("reads Claude Code's shapes and says what is wrong", () => {
		expect(parseServerConfig({ command: "npx", args: ["-y", "pkg"] })).toEqual({ type: "stdio", command: "npx", args: ["-y", "pkg"], env: {} });
		expect(parseServerConfig({ url: "https://x.test/mcp" })).toEqual({ type: "http", url: "https://x.test/mcp", headers: {} });
		expect(parseServerConfig({ type: "sse", url: "http://127.0.0.1:1/sse", headers: { A: "b" } })).toEqual({ type: "sse", url: "http://127.0.0.1:1/sse", headers: { A: "b" } });
		expect(() => parseServerConfig({ command: "x", args: [1] })).toThrow('"args" must be a list of texts');
		expect(() => parseServerConfig({ type: "ws", url: "ws://x" })).toThrow('unknown "type" "ws"');
		expect(() => parseServerConfig({ command: "x", env: { A: 1 } })).toThrow('"env.A" must be a text');
		expect(describeServer(parseServerConfig({ command: "node", args: ["a b.js", "--x"] }))).toBe("node 'a b.js' --x");
	});
});

describe("${VAR} expansion", () => {
	it("replaces variables and defaults; env and header values become secrets, ${HOME} in an argument does not", () => {
		const env = { TOKEN_VALUE: "tok-123456789", HOME: "/home/someone-long" };
		const stdio = expandConfig(parseServerConfig({ command: "run", args: ["${HOME}/x", "${MISSING:-dflt}"], env: { T: "${TOKEN_VALUE}" } }), env);
		expect(stdio).toMatchObject({ args: ["/home/someone-long/x", "dflt"], env: { T: "tok-123456789" } });
		expect(knownSecrets()).toContain("tok-123456789");
		expect(knownSecrets()).not.toContain("/home/someone-long");
		const http = expandConfig(parseServerConfig({ url: "http://h/mcp", headers: { Authorization: "Bearer abcdefgh12345" } }), env);
		expect(http).toMatchObject({ headers: { Authorization: "Bearer abcdefgh12345" } });
		expect(knownSecrets()).toEqual(expect.arrayContaining(["Bearer abcdefgh12345", "abcdefgh12345"]));
		expect(() => expandConfig(parseServerConfig({ command: "x", env: { A: "${NOPE}" } }), {})).toThrow("the variable NOPE is not set");
	});
});

describe("approval", () => {
	it("per project and server, by the entry's hash: a changed command asks again; user servers need none", () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-mcp-approval-"));
		const where = { cwd: dir, home: join(dir, "home") };
		const server = (args: string[], scope: McpServerEntry["scope"] = "project"): McpServerEntry => ({ name: "fs", scope, source: ".mcp.json", config: parseServerConfig({ command: "node", args }) });
		expect(approvalStates(where, [server(["a"])]).get("fs")).toBe("new");
		approveServers(where, [server(["a"])]);
		expect(approvalStates(where, [server(["a"])]).get("fs")).toBe("approved");
		expect(approvalStates(where, [server(["b"])]).get("fs")).toBe("changed");
		expect(approvalStates(where, [server(["b"], "user")]).get("fs")).toBe("not-needed");
		expect(configHash({ type: "http", url: "u", headers: { a: "1", b: "2" } })).toBe(configHash({ type: "http", headers: { b: "2", a: "1" }, url: "u" }));
	});
});

describe("results, names, prompts", () => {
	it("keeps text, images and resource links; says what it left out", () => {
		const out = resultOutput({
			content: [
				{ type: "text", text: "hello" },
				{ type: "image", data: "AAAA", mimeType: "image/png" },
				{ type: "resource_link", uri: "file:///a.txt", name: "a.txt", mimeType: "text/plain" },
				{ type: "resource", resource: { uri: "mem://x", text: "inline" } },
				{ type: "audio", data: "AA", mimeType: "audio/wav" },
			],
		});
		expect(out).toEqual({ output: "hello\n[resource link: file:///a.txt (a.txt, text/plain)]\n[resource mem://x]\ninline\n[audio content (audio/wav) not shown]", images: [{ data: "AAAA", mimeType: "image/png" }] });
		expect(mcpToolName("fs", "read.file")).toBe("mcp__fs__read_file");
		expect(mcpToolName("s", "x".repeat(80))).toHaveLength(64);
	});

	it("a prompt's words fill its arguments in order, the last takes the rest; a missing required one is an error", () => {
		const prompt = { name: "p", arguments: [{ name: "city", required: true }, { name: "state" }] };
		expect(promptArguments(prompt, "Paris Île de France")).toEqual({ city: "Paris", state: "Île de France" });
		expect(() => promptArguments(prompt, "")).toThrow("needs city");
	});
});

describe("lazy loading", () => {
	const status = (tools: { name: string; description: string }[]): McpServerStatus => ({
		name: "s", scope: "user", source: "x", command: "x", state: "ready", prompts: [],
		tools: tools.map((t) => ({ ...t, qualified: `mcp__s__${t.name}`, inputSchema: { type: "object" } })),
	});
	it("is on above the share of the window; a search scores names and descriptions", () => {
		const s = status([{ name: "echo", description: "Echoes back the input" }, { name: "sum", description: "Adds two numbers" }]);
		expect(lazyNeeded([s], 1000, 10)).toBe(false);
		expect(lazyNeeded([s], 100, 10)).toBe(true);
		expect(lazyNeeded([s], undefined, 10)).toBe(false);
		expect(searchTools([s], "add numbers").map((t) => t.qualified)).toEqual(["mcp__s__sum"]);
	});
});
