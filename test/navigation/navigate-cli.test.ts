/**
 * `arbor navigate --summarize` through the built CLI: a compaction as the leaf (right after
 * `/compact`) is something to summarize, and a summary that cannot be made says why (exit 1).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { model } from "../helpers/print-run.js";
import { errorReply, startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const at = (s: number) => `2026-11-20T10:00:0${s}.000Z`;
const message = (id: string, parentId: string | null, s: number, role: "user" | "assistant", text: string) => ({
	type: "message",
	id,
	parentId,
	timestamp: at(s),
	message: role === "user" ? { role, content: text, timestamp: s } : { role, content: [{ type: "text", text }], stopReason: "stop", timestamp: s },
});

/** start → ok → more → done more → compaction (the leaf, as `/compact` leaves it). */
function compactedSession(): { dir: string; file: string; home: string } {
	const dir = mkdtempSync(join(tmpdir(), "arbor-nav-cli-"));
	const file = join(dir, "s.jsonl");
	const lines = [
		{ type: "session", version: 3, id: "11111111-1111-4111-8111-111111111111", timestamp: at(0), cwd: dir },
		message("a0000001", null, 1, "user", "start"),
		message("a0000002", "a0000001", 2, "assistant", "ok"),
		message("a0000003", "a0000002", 3, "user", "more"),
		message("a0000004", "a0000003", 4, "assistant", "done more"),
		{ type: "compaction", id: "a0000005", parentId: "a0000004", timestamp: at(5), summary: "COMPACTED WORK", firstKeptEntryId: "a0000003", tokensBefore: 100 },
	];
	writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
	return { dir, file, home: join(dir, "home") };
}

describe("arbor navigate --summarize from a compaction leaf", () => {
	it("summarizes the compaction's summary into a branch_summary under the target", async () => {
		server = await startSseServer([textReply("## Goal\nWhat the compaction said.")]);
		const { dir, file, home } = compactedSession();
		const run = await runCli(["navigate", file, "a0000002", "--summarize", "--json", ...model(server.url)], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const out = JSON.parse(run.stdout);
		expect(out).toMatchObject({ status: "moved", oldLeafId: "a0000005", summaryEntry: { type: "branch_summary", parentId: "a0000002", fromId: "a0000005" } });
		expect(JSON.stringify(server.requests[0]!.body)).toContain("COMPACTED WORK");
		expect(readJsonl(file).at(-1)).toMatchObject({ type: "branch_summary", fromId: "a0000005", summary: expect.stringContaining("What the compaction said.") });
	});

	it("nothing to summarize (moving forward) says why, exits 1 and writes nothing", async () => {
		server = await startSseServer([textReply("never")]);
		const { dir, file, home } = compactedSession();
		const before = readFileSync(file);
		// Go back first without a summary, then ask to summarize a move that leaves nothing behind.
		const back = await runCli(["navigate", file, "a0000002"], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(back.code).toBe(0);
		expect(readFileSync(file).length).toBeGreaterThan(before.length);
		const moved = readFileSync(file);
		const run = await runCli(["navigate", file, "a0000004", "--summarize", "--json", ...model(server.url)], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(run.stdout).toBe("");
		expect(run.stderr).toBe("arbor: nothing to summarize: moving from a0000002 to a0000004 leaves no conversation behind\n");
		expect(run.code).toBe(1);
		expect(server.requests).toHaveLength(0);
		expect(readFileSync(file).equals(moved)).toBe(true);
	});

	it("a failed summary is exit 1, writes nothing and is retried only as ARBOR_MAX_RETRIES says", async () => {
		server = await startSseServer([errorReply(500, "boom")]);
		const { dir, file, home } = compactedSession();
		const before = readFileSync(file);
		const run = await runCli(["navigate", file, "a0000002", "--summarize", ...model(server.url)], { cwd: dir, env: { ARBOR_HOME: home, ARBOR_MAX_RETRIES: "0" } });
		expect([run.code, run.stdout]).toEqual([1, ""]);
		expect(run.stderr).toMatch(/^arbor: .*boom\n$/);
		expect(server.requests).toHaveLength(1);
		expect(readFileSync(file).equals(before)).toBe(true);
	});
});
