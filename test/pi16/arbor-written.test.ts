import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import type { StoredMessage } from "../../source/session/types.js";
import { recordPromptPoint } from "../../source/checkpoints/prompt-point.js";
import { piContexts, withoutSystem } from "./pi.js";

const user = (text: string): StoredMessage => ({ role: "user", content: text, timestamp: 1 });
const reply = (text: string): StoredMessage => ({ role: "assistant", content: [{ type: "text", text }], provider: "compat", model: "m", stopReason: "stop", timestamp: 2 });

/** A session as arbor's store writes it: two branches, a branch summary, a compaction, a context edit, a label, a second root. */
function writeSession(dir: string): string {
	const store = SessionStore.create({ cwd: dir, sessionDir: dir });
	const first = store.appendMessage(user("hello"));
	const hi = store.appendMessage(reply("hi"));
	store.appendMessage(user("secret 1234"));
	const noted = store.appendMessage(reply("noted"));
	store.appendContextEdit(noted.parentId as string, null);
	store.appendContextEdit(noted.id, { content: "edited reply" });
	store.appendMessage({ role: "bashExecution", command: "ls", output: "", exitCode: 1, cancelled: false, truncated: false, timestamp: 3 });
	const end = store.appendMessage(reply("first branch ends"));
	store.appendAt(hi.id, { type: "branch_summary", fromId: end.id, summary: "tried the first way" });
	store.appendMessage(user("second way"));
	const kept = store.appendMessage(reply("on it"));
	store.appendMessage(user("more"));
	store.appendMessage(reply("done"));
	store.append({ type: "compaction", summary: "all so far", firstKeptEntryId: kept.id, tokensBefore: 500 });
	store.appendMessage(user("after"));
	store.appendMessage(reply("still here"));
	store.setLabel(first.id, "start");
	store.appendAt(null, { type: "message", message: user("new root") });
	store.appendMessage(reply("fresh"));
	store.close();
	return store.file as string;
}

describe("a session arbor wrote, read by pi 1.6", () => {
	it("gives arbor's context at every leaf", async () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-to-pi-"));
		const file = writeSession(dir);
		const view = SessionStore.open(file).snapshot();
		expect(view.warnings).toEqual([]);
		const leaves = (await piContexts(file)).filter((l) => l.leaf !== null);
		expect(leaves.length).toBe(view.entries.length);
		for (const pi of leaves) {
			const ours = JSON.parse(JSON.stringify(view.buildContext(pi.leaf).messages)) as unknown;
			expect({ leaf: pi.leaf, messages: withoutSystem(pi.messages) }).toEqual({ leaf: pi.leaf, messages: ours });
		}
		expect(leaves.some((l) => l.messages.some((m) => m.role === "compactionSummary"))).toBe(true);
		expect(leaves.some((l) => l.messages.some((m) => m.role === "branchSummary"))).toBe(true);
	}, 120_000);

	it("with the files as each prompt was sent (a checkpoint beside the prompt): the same context, the reply under the prompt", async () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-to-pi-"));
		const store = SessionStore.create({ cwd: dir, sessionDir: dir });
		const snap = (n: number) => ({ tree: String(n).repeat(40), files: 1, bytes: 1, skipped: [] });
		const first = store.appendMessage(user("hello"));
		recordPromptPoint(store, { cwd: dir, inCopy: false }, snap(1), first.id);
		const hi = store.appendMessage(reply("hi"));
		const second = store.appendMessage(user("again"));
		recordPromptPoint(store, { cwd: dir, inCopy: false }, snap(2), second.id);
		store.close();
		expect(hi.parentId).toBe(first.id);
		const view = SessionStore.open(store.file as string).snapshot();
		// The turn was cut short after its prompt: pi and arbor resume at the checkpoint, whose context is the prompt's.
		const leaves = await piContexts(store.file as string);
		expect(leaves.length).toBe(view.entries.length + 1);
		for (const pi of leaves) {
			const ours = JSON.parse(JSON.stringify(view.buildContext(pi.leaf ?? undefined).messages)) as unknown;
			expect({ leaf: pi.leaf, messages: withoutSystem(pi.messages) }).toEqual({ leaf: pi.leaf, messages: ours });
		}
		expect(leaves.find((l) => l.leaf === null)?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
	}, 120_000);
});
