/**
 * `arbor mcp serve` (docs/memory.md) driven by the MCP SDK's own Client over stdio against the built
 * CLI: every tool listed and called, read-only by default, nothing outside the served sessions, no key.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeBranchSessions } from "../helpers/branch-sessions.js";
import { place } from "../helpers/print-run.js";
import { readJsonl } from "../helpers/jsonl.js";
import { savedSession } from "../helpers/saved-session.js";
import { startServe, type ServeHarness } from "./serve-client.js";

const KEY = "sk-test-0123456789abcdefKEY";
let mcp: ServeHarness | undefined;
afterEach(async () => {
	await mcp?.close();
	mcp = undefined;
});

/** This project's two sessions (branched, other), one holding a key, and another project's session. */
function sessions() {
	const { cwd, home } = place("arbor-mcp-serve-");
	const made = writeBranchSessions(cwd, home);
	const keyed = savedSession(home, cwd, `the deploy key is ${KEY}`, 60_000);
	const elsewhere = join(cwd, "elsewhere"); // another project: its sessions are in their own folder
	mkdirSync(elsewhere, { recursive: true });
	const foreign = savedSession(home, elsewhere, "ELSEWHEREONLY notes", 120_000);
	return { cwd, home, ...made, keyed, foreign };
}

const READ_TOOLS = ["list_sessions", "search", "get_tree", "read_entry", "read_context"];

describe("arbor mcp serve through the MCP SDK's Client", () => {
	it("read-only by default: lists and calls every read tool on this project's sessions", async () => {
		const s = sessions();
		mcp = await startServe([], { cwd: s.cwd, home: s.home });
		const { tools } = await mcp.client.listTools();
		expect(tools.map((t) => t.name)).toEqual(READ_TOOLS);
		for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);

		const listed = await mcp.call("list_sessions");
		expect(listed.json.total).toBe(3);
		expect(listed.json.sessions.map((x: { file: string }) => x.file).sort()).toEqual([s.branched, s.keyed, s.other].sort());

		const found = await mcp.call("search", { query: "APPLEWIN" });
		expect(found.json.hits).toHaveLength(1);
		expect(found.json.hits[0]).toMatchObject({ sessionFile: s.branched, entryId: "aA", field: "assistant", onActivePath: false });
		expect(found.json.hits[0].snippet).toContain("conclusion APPLEWIN");

		const tree = await mcp.call("get_tree", { session: "0a1b2c3d", filter: "all" });
		expect(tree.json.leafId).toBe("aB");
		expect(tree.json.nodes.map((n: { id: string; depth: number }) => `${n.id}@${n.depth}`)).toEqual(["u1@0", "a1@1", "uA@2", "aA@3", "uB@2", "aB@3"]);
		expect(tree.json.nodes[3]).toMatchObject({ id: "aA", parentId: "uA", type: "message", role: "assistant", onActivePath: false, children: 0 });
		// Without a session: the one last worked in.
		expect((await mcp.call("get_tree", {})).json.file).toBe(s.keyed);
		const searched = await mcp.call("get_tree", { session: "0a1b2c3d", search: "banana" });
		expect(searched.json.nodes.map((n: { id: string }) => n.id)).toEqual(["uB", "aB"]);

		const entry = await mcp.call("read_entry", { session: "2026-11-20_branched.jsonl", entryId: "aA" });
		expect(entry.json.onActivePath).toBe(false);
		expect(entry.json.entry).toMatchObject({ id: "aA", parentId: "uA", message: { role: "assistant", content: [{ type: "text", text: "Apples sell best in autumn, conclusion APPLEWIN" }] } });

		const atApple = await mcp.call("read_context", { session: "0a1b", entryId: "aA" });
		expect(atApple.json.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
		expect(JSON.stringify(atApple.json.messages)).toContain("APPLEWIN");
		const atLeaf = await mcp.call("read_context", { session: "0a1b" });
		expect(atLeaf.json.leafId).toBe("aB");
		expect(JSON.stringify(atLeaf.json.messages)).not.toContain("APPLEWIN");

		// The write tools are not there at all.
		const refused = await mcp.call("label_entry", { session: "0a1b", entryId: "aA", label: "x" });
		expect(refused.isError).toBe(true);
		expect(readJsonl(s.branched).some((e) => e.type === "label")).toBe(false);
	});

	it("serves nothing outside the sessions: another project's session, a path elsewhere, an unknown id are the call's error", async () => {
		const s = sessions();
		mcp = await startServe([], { cwd: s.cwd, home: s.home });
		for (const session of [s.foreign, "/etc/passwd", join(s.cwd, "..", "x.jsonl"), "ffff"]) {
			const r = await mcp.call("read_entry", { session, entryId: "u1" });
			expect(r).toMatchObject({ isError: true, text: `read_entry: no session of this project matches "${session}" (list_sessions lists them)` });
		}
		expect((await mcp.call("search", { query: "ELSEWHEREONLY" })).json.hits).toEqual([]);
		const bad = await mcp.call("read_entry", { session: "0a1b", entryId: "nope" });
		expect(bad).toMatchObject({ isError: true, text: 'read_entry: no entry with id or prefix "nope"' });
	});

	it("--all serves every project's sessions", async () => {
		const s = sessions();
		mcp = await startServe(["--all"], { cwd: s.cwd, home: s.home });
		expect((await mcp.call("list_sessions")).json.total).toBe(4);
		const hit = (await mcp.call("search", { query: "ELSEWHEREONLY" })).json.hits;
		expect([...new Set(hit.map((h: { sessionFile: string }) => h.sessionFile))]).toEqual([s.foreign]);
		const entry = await mcp.call("read_context", { session: hit[0].sessionId });
		expect(JSON.stringify(entry.json.messages)).toContain("ELSEWHEREONLY notes");
	});

	it("never a key: a key value in a session (written before arbor redacted it) is redacted in every answer", async () => {
		const s = sessions();
		mcp = await startServe([], { cwd: s.cwd, home: s.home, env: { OPENAI_API_KEY: KEY } });
		const found = await mcp.call("search", { query: "deploy key" });
		const context = await mcp.call("read_context", { session: found.json.hits[0].sessionId });
		const listed = await mcp.call("list_sessions");
		for (const answer of [found, context, listed]) {
			expect(answer.text).not.toContain(KEY);
			expect(answer.text).toContain("the deploy key is [redacted]");
		}
	});
});
