import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sessionStats } from "../../source/agent/stats.js";
import { SessionStore } from "../../source/session/store.js";
import { GEN_SESSION } from "../helpers/shared.js";

const dir = mkdtempSync(join(tmpdir(), "arbor-stats-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("sessionStats (RPC get_session_stats)", () => {
	it("counts the path's messages and tool calls without reading a message back from the file", () => {
		// On a 100k-entry linear session every assistant message was read back from disk to count its
		// tool calls: ~0.9 s a call. Once the file's bytes are gone, any such read throws.
		const file = join(dir, "linear.jsonl");
		execFileSync(process.execPath, [GEN_SESSION, "--out", file, "--kind", "linear", "--n", "3000"], { stdio: "ignore" });
		const view = SessionStore.open(file).snapshot();
		const messages = view.getPath(view.leafId).flatMap((e) => (e.type === "message" ? [e.message] : []));
		const calls = messages.reduce((n, m) => n + (m.role === "assistant" ? m.content.filter((c) => c.type === "toolCall").length : 0), 0);
		expect(calls).toBeGreaterThan(100);
		writeFileSync(file, " ".repeat(statSync(file).size));
		const stats = sessionStats(view, { file, id: "s" }, undefined);
		expect(stats).toMatchObject({
			toolCalls: calls,
			userMessages: messages.filter((m) => m.role === "user").length,
			assistantMessages: messages.filter((m) => m.role === "assistant").length,
			toolResults: messages.filter((m) => m.role === "toolResult").length,
			totalMessages: messages.length,
		});
		expect(stats.contextUsage).toBeUndefined();
	});
});
