import { beforeAll, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { join } from "node:path";
import { FIXTURES_DIR } from "../helpers/shared.js";
import { toModelMessages } from "../../source/llm/convert.js";
import { type PiLeaf, piContexts, withoutSystem } from "./pi.js";

const FIXTURE = join(FIXTURES_DIR, "pi16/session.jsonl");
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
/** The text of each user message a request carries (summaries, `!command`s, prompts). */
const userTexts = (messages: readonly { role: string; content?: unknown }[]): string[] =>
	messages
		.filter((m) => m.role === "user")
		.map((m) => (typeof m.content === "string" ? m.content : (m.content as { type: string; text?: string }[]).map((p) => p.text ?? "").join("")));

describe("a session pi 1.6 wrote (test/fixtures/pi16, made by pi-write-session.mjs)", () => {
	let leaves: PiLeaf[] = [];
	beforeAll(async () => {
		leaves = (await piContexts(FIXTURE)).filter((l) => l.leaf !== null);
	}, 120_000);

	it("opens without a warning", () => {
		const view = SessionStore.open(FIXTURE).snapshot();
		expect(view.warnings).toEqual([]);
		expect(view.entries.map((e) => e.type)).toContain("context_edit");
	});

	it("gives pi 1.6's context at every leaf", () => {
		const view = SessionStore.open(FIXTURE).snapshot();
		expect(leaves.length).toBe(view.entries.length);
		for (const pi of leaves) {
			const ours = view.buildContext(pi.leaf);
			expect({ leaf: pi.leaf, messages: json(ours.messages) }).toEqual({ leaf: pi.leaf, messages: withoutSystem(pi.messages) });
			expect({ leaf: pi.leaf, model: ours.model, thinking: ours.thinkingLevel }).toEqual({ leaf: pi.leaf, model: pi.model, thinking: pi.thinkingLevel });
		}
	}, 120_000);

	it("sends the model pi 1.6's words for summaries and `!command`s at every leaf", () => {
		const view = SessionStore.open(FIXTURE).snapshot();
		for (const pi of leaves) {
			const ours = toModelMessages(view.buildContext(pi.leaf).messages);
			expect({ leaf: pi.leaf, texts: userTexts(ours) }).toEqual({ leaf: pi.leaf, texts: userTexts(pi.llm.filter((m) => m.role !== "system")) });
		}
	});
});
