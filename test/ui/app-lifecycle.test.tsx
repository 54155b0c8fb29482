import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { estimateContextTokens } from "../../source/llm/compaction.js";
import type { RunTurnOptions, TurnResult } from "../../source/llm/turn.js";
import { SessionStore } from "../../source/session/store.js";
import type { SessionStoreApi } from "../../source/session/api.js";
import { summarizer } from "../navigation/helpers.js";
import { bigStore, fakeTurn, model, setup, appTestHooks } from "./app-harness.js";

let unmount: (() => void) | undefined;
appTestHooks(() => {
	unmount?.();
	unmount = undefined;
});

const smallWindow = { ...model, contextWindow: 40_000 };

/** fakeTurn that also records the prompts it was asked to answer. */
function recordingTurn(prompts: string[]) {
	const turn = fakeTurn("Hello there");
	return (opts: RunTurnOptions): Promise<TurnResult> => (prompts.push(opts.prompt as string), turn(opts));
}

const types = (store: SessionStoreApi) => store.snapshot().getPath(store.snapshot().leafId).map((e) => e.type);

describe("start-up", () => {
	it("sends the initial prompt at once", async () => {
		const prompts: string[] = [];
		const t = await setup({ options: { initialPrompt: "hello from argv" }, deps: { runTurn: recordingTurn(prompts) } });
		unmount = t.unmount;
		await t.until(() => t.frame().includes("Hello there") && !t.frame().includes("Working"), "reply");
		expect(prompts).toEqual(["hello from argv"]);
		expect(t.frame()).toBe(`\n› hello from argv\n\nHello there\n\n›\ntest:m · 20/? tokens · leaf ${t.store.snapshot().leafId}`);
	});
});

describe("automatic compaction before a turn", () => {
	it("compacts with the summary model, then runs the turn and reports it", async () => {
		const prompts: string[] = [];
		const sum = summarizer(["AUTO SUMMARY"]);
		const t = await setup({ store: bigStore, options: { model: smallWindow, summaryModel: sum.model }, deps: { runTurn: recordingTurn(prompts) } });
		unmount = t.unmount;
		const before = estimateContextTokens(t.store.snapshot().buildContext().messages);
		await t.send("go on");
		await t.until(() => t.frame().includes("Compacted (") && !t.frame().includes("Working"), "turn after compaction");
		expect(prompts).toEqual(["go on"]);
		expect(types(t.store).slice(-3)).toEqual(["compaction", "message", "message"]);
		// A 40k window keeps at most 10k verbatim (a quarter of it): the summary and the newest entries.
		expect(t.frame().split("\n").slice(-10)).toEqual([
			"", "[compaction] AUTO SUMMARY", "", "› go on", "", "Hello there", "", "›",
			`Compacted (${before} tokens before)`, `test:m · 50/40k tokens (0%) · leaf ${t.store.snapshot().leafId}`,
		]);
	});

	it("a failed compaction is a warning: the turn still runs", async () => {
		const prompts: string[] = [];
		const sum = summarizer([new Error("summary boom"), new Error("summary boom"), new Error("summary boom")]);
		const t = await setup({ store: bigStore, options: { model: smallWindow, summaryModel: sum.model }, deps: { runTurn: recordingTurn(prompts) } });
		unmount = t.unmount;
		await t.send("go on");
		await t.until(() => t.frame().includes("Hello there") && !t.frame().includes("Working"), "turn");
		expect(prompts).toEqual(["go on"]);
		expect(types(t.store).slice(-3)).toEqual(["message", "message", "message"]);
		const status = t.frame().split("\n").at(-2)!;
		expect(status.startsWith("Automatic compaction failed: ")).toBe(true);
		expect(status).toContain("summary boom");
	});

	it("Esc while compacting skips the turn and gives the prompt back", async () => {
		const prompts: string[] = [];
		const sum = summarizer([], { hold: true });
		const t = await setup({ store: bigStore, options: { model: smallWindow, summaryModel: sum.model }, deps: { runTurn: recordingTurn(prompts) } });
		unmount = t.unmount;
		const entries = t.store.snapshot().entries.length;
		await t.send("go on");
		await t.until(() => t.frame().includes("Compacting… (Esc to cancel)"), "spinner");
		await t.press("\u001b");
		await t.until(() => t.frame().includes("Compaction cancelled — message not sent"), "cancelled");
		expect(prompts).toEqual([]);
		expect(t.store.snapshot().entries.length).toBe(entries);
		expect(t.frame().split("\n").slice(-3)).toEqual(["› go on", "Compaction cancelled — message not sent", `test:m · 90/40k tokens (0%) · leaf ${t.store.snapshot().leafId}`]);
	});
});

describe("/fork through the navigation layer", () => {
	it("names the saved session as the parent and fires the fork events", async () => {
		const t = await setup({ store: (dir) => SessionStore.create({ cwd: dir, sessionDir: dir }) });
		unmount = t.unmount;
		const events: string[] = [];
		t.bus.on("session_before_fork", (e) => void events.push(`before ${e.sourceFile}`));
		t.bus.on("session_fork", (e) => void events.push(`fork ${e.sourceFile} → ${e.newFile}`));
		await t.send("first");
		await t.until(() => t.frame().includes("Hello there") && !t.frame().includes("Working"), "reply 1");
		await t.send("second");
		await t.until(() => t.frame().match(/Hello there/g)?.length === 2 && !t.frame().includes("Working"), "reply 2");
		await t.send("/fork");
		await t.until(() => t.frame().includes("Fork from a user message"), "picker");
		await t.pressFor("\r", "session_changed");
		await t.until(() => t.frame().includes("Forked into"), "forked");
		expect(events).toEqual([`before ${t.store.file}`, `fork ${t.store.file} → ${t.current.store.file}`]);
		const header = JSON.parse(readFileSync(t.current.store.file!, "utf8").split("\n")[0]!);
		expect(header.parentSession).toBe(t.store.file);
		expect(t.current.store.snapshot().entries.length).toBe(2);
		const lines = t.frame().split("\n");
		const at = lines.lastIndexOf("› second");
		expect(lines.slice(at + 1, -1).join("")).toBe(`Forked into ${t.current.store.file}`);
		expect(lines.at(-1)).toBe(`test:m · 20/? tokens · leaf ${t.current.store.snapshot().leafId}`);
	});

	it("an extension can veto the fork: the session stays", async () => {
		const t = await setup();
		unmount = t.unmount;
		t.bus.on("session_before_fork", () => ({ cancel: true }));
		await t.send("first");
		await t.until(() => t.frame().includes("Hello there") && !t.frame().includes("Working"), "reply");
		await t.send("/fork");
		await t.until(() => t.frame().includes("Fork from a user message"), "picker");
		await t.press("\r");
		await t.until(() => t.frame().includes("Fork cancelled by an extension"), "veto");
		expect(t.current.store).toBe(t.store);
	});
});
