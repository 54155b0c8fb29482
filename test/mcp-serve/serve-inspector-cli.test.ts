/**
 * `arbor mcp serve` (docs/memory.md) under the MCP Inspector's CLI mode (`inspector --cli`, run on a
 * Node ≥ 22.19: test/helpers/modern-node.ts), which starts the built CLI as its stdio server: it lists
 * the tools and calls every one of them.
 */
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeBranchSessions } from "../helpers/branch-sessions.js";
import { builtCli } from "../helpers/cli.js";
import { modernNode } from "../helpers/modern-node.js";
import { place } from "../helpers/print-run.js";
import { readJsonl } from "../helpers/jsonl.js";
import { REPO_ROOT } from "../helpers/shared.js";

const INSPECTOR = join(REPO_ROOT, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");

type Project = { cwd: string; home: string; branched: string };

/** `inspector --cli` against `arbor mcp serve <flags>` with `args`; its stdout parsed (it prints JSON). */
async function inspect(p: Project, flags: string[], args: string[]): Promise<any> {
	const node = await modernNode();
	// The Inspector's own files (its catalog, secrets) go to a folder of this test, not the user's home.
	const own = join(p.cwd, "inspector-home");
	mkdirSync(own, { recursive: true });
	const argv = [INSPECTOR, "--cli", "-e", `ARBOR_HOME=${p.home}`, "--cwd", p.cwd, ...args, "--", process.execPath, builtCli(), "mcp", "serve", ...flags];
	const env = { ...process.env, HOME: own, MCP_CATALOG_PATH: join(own, "mcp.json"), NO_COLOR: "1" };
	const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number }>((resolve) =>
		execFile(node, argv, { cwd: p.cwd, env, timeout: 60_000 }, (error, stdout, stderr) => resolve({ stdout, stderr, code: error ? Number(error.code ?? 1) : 0 })),
	);
	expect(code, `${stderr}\n${stdout}`).toBe(0);
	return JSON.parse(stdout);
}

const textOf = (result: any): string => result.content.map((c: { text: string }) => c.text).join("");

describe("arbor mcp serve under the MCP Inspector's CLI", () => {
	it("tools/list lists every tool; tools/call calls each, read and write", { timeout: 240_000 }, async () => {
		const { cwd, home } = place("arbor-mcp-inspector-");
		const p = { cwd, home, ...writeBranchSessions(cwd, home) };
		const listed = await inspect(p, [], ["--method", "tools/list"]);
		expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(["list_sessions", "search", "get_tree", "read_entry", "read_context"]);
		const writable = await inspect(p, ["--allow-write"], ["--method", "tools/list"]);
		expect(writable.tools.map((t: { name: string }) => t.name)).toEqual(["list_sessions", "search", "get_tree", "read_entry", "read_context", "label_entry", "move_leaf"]);

		const call = async (tool: string, args: string[], flags: string[] = []) =>
			inspect(p, flags, ["--method", "tools/call", "--tool-name", tool, ...(args.length ? ["--tool-arg", ...args] : [])]);
		expect(JSON.parse(textOf(await call("list_sessions", []))).total).toBe(2);
		expect(JSON.parse(textOf(await call("search", ["query=APPLEWIN"]))).hits[0]).toMatchObject({ entryId: "aA", onActivePath: false });
		expect(JSON.parse(textOf(await call("get_tree", ["session=0a1b", "filter=user"]))).nodes.map((n: { id: string }) => n.id)).toEqual(["u1", "uA", "uB"]);
		expect(JSON.parse(textOf(await call("read_entry", ["session=0a1b", "entryId=uA"]))).entry.message.content).toBe("Try the apple approach");
		expect(JSON.parse(textOf(await call("read_context", ["session=0a1b", "entryId=aA"]))).total).toBe(4);
		expect(JSON.parse(textOf(await call("label_entry", ["session=0a1b", "entryId=aA", "label=apple"], ["--allow-write"])))).toMatchObject({ entryId: "aA", label: "apple" });
		const moved = JSON.parse(textOf(await call("move_leaf", ["session=0a1b", "entryId=aA", "summary=Bananas: BANANAWIN"], ["--allow-write"])));
		expect(moved).toMatchObject({ status: "moved", summaryEntry: { summary: "Bananas: BANANAWIN" } });
		expect(readJsonl(p.branched).filter((e) => e.type === "label" || e.type === "branch_summary").map((e) => e.type)).toEqual(["label", "branch_summary"]);
	});
});
