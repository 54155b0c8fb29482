import { APICallError } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import type { ResolvedModel } from "../../../source/llm/resolve-model.js";
import type { TreeDone } from "../../../source/ui/tree/tree-screen.js";
import { openTreeAgent, TreeHarness } from "./tree-harness.js";
import { KEYS, mount, specExampleEntries, storeWith } from "./tree-test-session.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let cleanups: (() => void)[] = [];
afterEach(() => {
	for (const c of cleanups.reverse()) c();
	cleanups = [];
});

type Generate = MockLanguageModelV3["doGenerate"];
const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

function model(doGenerate: Generate): { resolved: ResolvedModel; prompts: string[] } {
	const prompts: string[] = [];
	const mock = new MockLanguageModelV3({
		provider: "mock",
		modelId: "mock-model",
		doGenerate: async (options) => {
			prompts.push(JSON.stringify(options.prompt));
			return (doGenerate as (o: typeof options) => ReturnType<Generate>)(options);
		},
	});
	return { resolved: { spec: "mock:mock-model", provider: "mock", modelId: "mock-model", model: mock }, prompts };
}
const answers = (text: string): Generate => (async () => ({
	content: [{ type: "text", text }],
	finishReason: { unified: "stop", raw: "stop" },
	usage,
	warnings: [],
})) as unknown as Generate;
/** A retryable provider error (HTTP 500): the SDK retries it unless maxRetries is 0. */
const fails500: Generate = (async () => {
	throw new APICallError({ message: "server error", url: "http://127.0.0.1/v1", requestBodyValues: {}, statusCode: 500, isRetryable: true });
}) as unknown as Generate;
const fails: Generate = (async () => {
	throw new Error("provider down");
}) as unknown as Generate;
const hangsUntilAborted: Generate = ((options: { abortSignal?: AbortSignal }) =>
	new Promise((_resolve, reject) => options.abortSignal?.addEventListener("abort", () => reject(options.abortSignal?.reason)))) as unknown as Generate;

async function setup(over: { summaryModel?: ResolvedModel; askSummary?: boolean; maxRetries?: number } = {}) {
	const s = storeWith(specExampleEntries(), "uA2");
	const agent = await openTreeAgent(s.store, over.summaryModel, cleanups);
	const done: TreeDone[] = [];
	const ui = mount(
		<TreeHarness agent={agent} store={s.store} summaryModel={over.summaryModel} askSummary={over.askSummary ?? true} maxRetries={over.maxRetries} rows={24} cols={80} initialFilter="default" onDone={(d) => done.push(d)} />,
	);
	cleanups.push(s.cleanup, ui.unmount);
	const entriesBefore = s.store.snapshot().entries.length;
	/** Selects `user: Actually, approach B` (one row below the leaf) and presses Enter. */
	const chooseB = async () => {
		await ui.press(KEYS.down);
		await ui.until("› └─ user: Actually, approach B");
		await ui.press(KEYS.enter);
	};
	/** chooseB, then waits for the summary prompt (No summary selected). */
	const atPrompt = async () => {
		await chooseB();
		await ui.until("› No summary");
	};
	/** From the tree: at the prompt, Down to Summarize and Enter. */
	const summarize = async () => {
		await atPrompt();
		await ui.press(KEYS.down);
		await ui.until("› Summarize\n");
		await ui.press(KEYS.enter);
	};
	return { ...ui, store: s.store, done, entriesBefore, chooseB, atPrompt, summarize };
}

const PROMPT = [
	"Summarize the branch you're leaving?",
	"› No summary",
	"  Summarize",
	"  Summarize with custom prompt",
	"↑↓ move · Enter choose · Esc back",
].join("\n");

describe("summary prompt", () => {
	it("opens when the move abandons entries; Esc returns to the same row", async () => {
		const t = await setup();
		await t.chooseB();
		await t.until("Summarize the branch");
		expect(t.frame()).toBe(PROMPT);
		await t.press(KEYS.esc);
		await t.until("› └─ user: Actually, approach B");
		expect(t.frame()).toContain("(8/9) [default]");
		expect(t.done).toEqual([]);
	});

	it("No summary moves at once and hands the user text to the editor", async () => {
		const t = await setup();
		await t.atPrompt();
		await t.press(KEYS.enter);
		await t.settle(() => t.done.length === 1);
		expect(t.done).toEqual([{ kind: "moved", editorText: "Actually, approach B" }]);
		expect(t.store.snapshot().leafId).toBe("a1");
	});

	it("a move is planned once: Enter plans it, the move uses that plan (the snapshot's abandoned() is asked once)", async () => {
		const t = await setup();
		const snapshot = t.store.snapshot();
		const abandoned = snapshot.abandoned.bind(snapshot);
		let asked = 0;
		snapshot.abandoned = (...args) => ((asked += 1), abandoned(...args));
		await t.atPrompt();
		await t.press(KEYS.enter);
		await t.settle(() => t.done.length === 1);
		expect(t.done).toEqual([{ kind: "moved", editorText: "Actually, approach B" }]);
		expect(asked).toBe(1);
	});

	it("without a summary model, Summarize shows the error and stays on the prompt", async () => {
		const t = await setup();
		await t.summarize();
		await t.until("No model configured for summaries");
		expect(t.frame()).toBe(`${PROMPT.replace("› No summary\n  Summarize\n", "  No summary\n› Summarize\n")}\nNo model configured for summaries`);
		expect(t.store.snapshot().entries.length).toBe(t.entriesBefore);
	});

	it("Down Enter in one read carries out the option Down reached (Summarize), not No summary", async () => {
		const t = await setup();
		await t.atPrompt();
		await t.press(KEYS.down + KEYS.enter);
		await t.until("No model configured for summaries");
		expect(t.frame()).toContain("› Summarize\n");
		expect(t.done).toEqual([]);
		expect(t.store.snapshot().leafId).toBe("uA2");
	});

	it("Down Enter in one read on the tree chooses the row the arrow reached", async () => {
		const t = await setup();
		await t.press(KEYS.down + KEYS.enter);
		await t.until("Summarize the branch");
		await t.press(KEYS.enter);
		await t.settle(() => t.done.length === 1);
		expect(t.done).toEqual([{ kind: "moved", editorText: "Actually, approach B" }]);
	});

	it("keeps the terminal in raw mode while one screen hands the keys to the next", async () => {
		// In cooked mode, even for a moment, keys typed then are echoed and Enter arrives as \n (Ctrl+J):
		// tmux "Down Enter" sent as the prompt appeared reached the prompt as Down, Ctrl+J (CI, node 24).
		const t = await setup();
		const calls: boolean[] = [];
		const stdin = t.app.stdin as unknown as { setRawMode: (on: boolean) => void };
		stdin.setRawMode = (on) => void calls.push(on);
		await t.chooseB();
		await t.until("Summarize the branch");
		await t.press(KEYS.esc);
		await t.until("› └─ user: Actually, approach B");
		expect(calls.filter((on) => !on)).toEqual([]);
	});

	it("never asks when summaries are switched off", async () => {
		const t = await setup({ askSummary: false });
		await t.chooseB();
		await t.settle(() => t.done.length === 1);
		expect(t.done).toEqual([{ kind: "moved", editorText: "Actually, approach B" }]);
	});
});

describe("summarizing", () => {
	it("Summarize writes a branch summary under the new leaf", async () => {
		const m = model(answers("## Goal\nTry approach A"));
		const t = await setup({ summaryModel: m.resolved });
		await t.summarize();
		await t.settle(() => t.done.length === 1);
		expect(t.done).toEqual([{ kind: "moved", editorText: "Actually, approach B" }]);
		const view = t.store.snapshot();
		const leaf = view.getEntry(view.leafId!)!;
		expect([leaf.type, leaf.parentId, leaf.fromId]).toEqual(["branch_summary", "a1", "uA2"]);
		expect(String(leaf.summary).startsWith("## Goal\nTry approach A")).toBe(true);
	});

	it("a failed summary returns to the tree on the same row with the error; nothing is written", async () => {
		const t = await setup({ summaryModel: model(fails).resolved });
		await t.summarize();
		await t.until("summary failed:");
		expect(t.frame()).toContain("› └─ user: Actually, approach B");
		expect(t.frame()).toContain("provider down");
		expect(t.store.snapshot().entries.length).toBe(t.entriesBefore);
		expect(t.store.snapshot().leafId).toBe("uA2");
	});

	it("maxRetries reaches the summarizer: 0 means one call for a retryable error", async () => {
		const m = model(fails500);
		// The core reads the provider retries where every mode does: ARBOR_MAX_RETRIES.
		process.env.ARBOR_MAX_RETRIES = "0";
		cleanups.push(() => delete process.env.ARBOR_MAX_RETRIES);
		const t = await setup({ summaryModel: m.resolved, maxRetries: 0 });
		await t.summarize();
		await t.until("summary failed:");
		expect(t.frame().split("\n").slice(-2)).toEqual(["(8/9) [default]", "summary failed: HTTP 500: server error"]);
		expect(m.prompts.length).toBe(1);
	});

	it("Esc while summarizing cancels: Summary cancelled, same row, nothing written", async () => {
		const t = await setup({ summaryModel: model(hangsUntilAborted).resolved });
		await t.summarize();
		await t.until("Summarizing branch… (Esc to cancel) 0s");
		await t.press(KEYS.esc);
		await t.until("Summary cancelled");
		expect(t.frame()).toContain("› └─ user: Actually, approach B");
		expect(t.frame().split("\n").slice(-2)).toEqual(["(8/9) [default]", "Summary cancelled"]);
		expect(t.store.snapshot().entries.length).toBe(t.entriesBefore);
		expect(t.done).toEqual([]);
	});

	it("custom prompt: multi-line editor, Esc back one step keeping the draft, Enter summarizes with the text", async () => {
		const m = model(answers("## Goal\nCustom"));
		const t = await setup({ summaryModel: m.resolved });
		await t.atPrompt();
		await t.press(KEYS.up);
		await t.until("› Summarize with custom prompt");
		await t.press(KEYS.enter);
		await t.until("Custom summary instructions");
		await t.press("keep paths");
		await t.press(KEYS.ctrlJ);
		await t.press("and errors");
		await t.until("> and errors▏");
		expect(t.frame()).toBe(
			["Custom summary instructions", "Enter submit · Shift+Enter or Ctrl+J new line · Esc back", "> keep paths", "> and errors▏"].join("\n"),
		);
		await t.press(KEYS.esc);
		await t.until("› Summarize with custom prompt");
		await t.press(KEYS.enter);
		await t.until("> keep paths\n> and errors▏");
		await t.press(", focus on the parser");
		await t.press(KEYS.enter);
		await t.settle(() => t.done.length === 1);
		expect(m.prompts.length).toBe(1);
		expect(m.prompts[0]).toContain("keep paths");
		expect(m.prompts[0]).toContain("and errors, focus on the parser");
	});
});
