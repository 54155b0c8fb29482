import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { expect } from "vitest";
import type { ResolvedModel } from "../../source/llm/resolve-model.js";
import { SessionStore } from "../../source/session/store.js";
import type { StoredMessage } from "../../source/session/types.js";

const dirs: string[] = [];

/** A fresh temp folder; removed by `cleanTempDirs` (call it in afterEach). */
export function tempDir(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-nav-"));
	dirs.push(dir);
	return dir;
}

export function cleanTempDirs(): void {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export const user = (text: string): StoredMessage => ({ role: "user", content: text, timestamp: 1 });
export const say = (text: string): StoredMessage => ({
	role: "assistant",
	content: [{ type: "text", text }],
	stopReason: "stop",
	timestamp: 1,
});
/** A tool call; a string for `args` is a file: `{ path: args }`. */
export const toolCall = (id: string, name: string, args: string | Record<string, unknown>): StoredMessage => ({
	role: "assistant",
	content: [{ type: "toolCall", id, name, arguments: typeof args === "string" ? { path: args } : args }],
	stopReason: "toolUse",
	timestamp: 1,
});
export const toolResult = (id: string, name: string, text: string): StoredMessage => ({
	role: "toolResult",
	toolCallId: id,
	toolName: name,
	content: [{ type: "text", text }],
	isError: false,
	timestamp: 1,
});

/** A model answer for doGenerate: either text, or an error to throw. */
export type Answer = string | Error;

/**
 * A summarizer model: each doGenerate call records its options and returns the next answer.
 * `hold: true` makes calls wait for their abort signal instead (for cancellation tests).
 */
export function summarizer(answers: Answer[], opts: { hold?: boolean } = {}) {
	const calls: LanguageModelV3CallOptions[] = [];
	const model = new MockLanguageModelV3({
		doGenerate: async (options) => {
			calls.push(options);
			if (opts.hold) {
				return new Promise((_resolve, reject) => {
					const fail = () => reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
					if (options.abortSignal?.aborted) fail();
					options.abortSignal?.addEventListener("abort", fail);
				});
			}
			const answer = answers[calls.length - 1];
			if (answer === undefined) throw new Error(`unexpected summarizer call #${calls.length}`);
			if (answer instanceof Error) throw answer;
			return {
				content: [{ type: "text", text: answer }],
				finishReason: { unified: "stop", raw: "stop" },
				usage: {
					inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
					outputTokens: { total: 1, text: 1, reasoning: 0 },
				},
				warnings: [],
			};
		},
	});
	const resolved: ResolvedModel = { spec: "mock:sum", provider: "mock", modelId: "sum", model, api: "openai-completions" };
	return { model: resolved, calls, promptText: (i = 0) => promptText(calls[i]) };
}

/** All text of a recorded call's prompt (system + messages), joined by newlines. */
export function promptText(call: LanguageModelV3CallOptions | undefined): string {
	if (!call) throw new Error("no such model call");
	return call.prompt
		.flatMap((m) => (typeof m.content === "string" ? [m.content] : m.content.map((p) => ("text" in p ? String(p.text) : ""))))
		.join("\n");
}

/** Remembers a file's bytes and checks that every later write only appended. */
export class FileWatch {
	private bytes: Buffer;
	constructor(readonly file: string) {
		this.bytes = fs.readFileSync(file);
	}
	/** Assert the file grew by appending (old bytes are a prefix); returns the appended entries, parsed. */
	grew(): Record<string, unknown>[] {
		const before = this.bytes;
		const after = fs.readFileSync(this.file);
		expect(after.length).toBeGreaterThan(before.length);
		expect(after.subarray(0, before.length).equals(before)).toBe(true);
		this.bytes = after;
		return after
			.subarray(before.length)
			.toString("utf8")
			.split("\n")
			.filter((l) => l !== "")
			.map((l) => JSON.parse(l) as Record<string, unknown>);
	}
	/** Assert the file is byte-for-byte unchanged. */
	unchanged(): void {
		expect(fs.readFileSync(this.file).equals(this.bytes)).toBe(true);
	}
}

/** Letter → entry id of a hand-built tree. */
export type Ids = Record<string, string>;

/**
 * The summaries.md example on disk: A → B → C → D → E → F (leaf) and C → G → H.
 * A, C, E user; B, G assistant; D reads src/a.ts, E its result; F edits src/b.ts; H assistant.
 */
export function exampleTree(): { store: SessionStore; ids: Ids; dir: string } {
	const dir = tempDir();
	const store = SessionStore.create({ cwd: dir, sessionDir: dir });
	const ids: Ids = {};
	const add = (name: string, parent: string | null, message: StoredMessage) => {
		ids[name] = store.appendAt(parent, { type: "message", message }).id;
	};
	add("A", null, user("start the project"));
	add("B", ids.A!, say("ok, started"));
	add("C", ids.B!, user("try approach one"));
	add("D", ids.C!, toolCall("c1", "read", "src/a.ts"));
	add("E", ids.D!, toolResult("c1", "read", "contents of a"));
	add("F", ids.E!, toolCall("c2", "edit", "src/b.ts"));
	add("G", ids.C!, say("approach two instead"));
	add("H", ids.G!, say("approach two done"));
	store.moveLeaf(ids.F!);
	store.sync();
	return { store, ids, dir };
}

/** m0..m7: user, read f.ts, result, answer, user, edit g.ts, big result, short answer. */
export function conversation(): { store: SessionStore; ids: string[] } {
	const dir = tempDir();
	const store = SessionStore.create({ cwd: dir, sessionDir: dir });
	const messages: StoredMessage[] = [
		user("a".repeat(400)),
		toolCall("c1", "read", "f.ts"),
		toolResult("c1", "read", "r".repeat(400)),
		say("s".repeat(400)),
		user("b".repeat(400)),
		toolCall("c2", "edit", "g.ts"),
		toolResult("c2", "edit", "t".repeat(800)),
		say("d".repeat(40)),
	];
	const ids = messages.map((m) => store.appendMessage(m).id);
	store.sync();
	return { store, ids };
}
