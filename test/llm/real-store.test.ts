import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { compactSession } from "../../source/llm/compaction.js";
import { runTurn } from "../../source/llm/turn.js";
import { SessionStore } from "../../source/session/store.js";
import { entryType, roleName } from "../../source/session/entry-guards.js";
import { resolved, streamingModel, textChunks, toolCallChunks } from "./mock-model.js";

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-llm-"));
	dirs.push(dir);
	return dir;
}

function roles(store: SessionStore): string[] {
	return store.snapshot().entries.flatMap((e) => (e.type === "message" ? [roleName(e.message)] : [entryType(e)]));
}

describe("runTurn and compactSession with the real SessionStore", () => {
	it("writes every step to the file and compacts it", async () => {
		const dir = tempDir();
		const store = SessionStore.create({ cwd: dir, sessionDir: dir });
		const tools = { ls: tool({ inputSchema: z.object({ path: z.string() }), execute: async () => "a.txt\nb.txt" }) };
		const model = streamingModel([
			toolCallChunks({ toolCallId: "t1", toolName: "ls", input: { path: "." } }),
			textChunks(["Two files: a.txt and b.txt. ".repeat(20)]),
		]);
		const result = await runTurn({ store, model: resolved(model), prompt: "what is here?", tools });
		expect(result.ok).toBe(true);
		const file = store.file!;
		store.close();

		const reopened = SessionStore.open(file, { write: true });
		expect(roles(reopened)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect(reopened.snapshot().leafId).toBe(result.leafId);

		const summarizer = new MockLanguageModelV3({
			doGenerate: async () => ({
				content: [{ type: "text", text: "## Goal\nlist files" }],
				finishReason: { unified: "stop", raw: "stop" },
				usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
				warnings: [],
			}),
		});
		const compacted = await compactSession({ store: reopened, model: resolved(summarizer), keepRecentTokens: 100 });
		expect(compacted).toMatchObject({ ok: true, entry: { type: "compaction", firstKeptEntryId: reopened.snapshot().entries[3]!.id } });
		reopened.close();

		const again = SessionStore.open(file);
		expect(roles(again)).toEqual(["user", "assistant", "toolResult", "assistant", "compaction"]);
		expect(again.snapshot().buildContext().messages.map((m) => m.role)).toEqual(["compactionSummary", "assistant"]);
	});
});
