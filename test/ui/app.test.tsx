import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import React, { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { ResolvedModel, RunTurnOptions, TurnResult } from "../../source/llm/index.js";
import { forkSession, SessionStore } from "../../source/session/index.js";
import type { SessionStoreApi } from "../../source/session/api.js";
import type { ConfirmFn } from "../../source/tools/index.js";
import { App } from "../../source/ui/components/app.js";
import type { UiDeps } from "../../source/ui/deps.js";
import type { InteractiveOptions } from "../../source/ui/options.js";
import { waitFor } from "../helpers/wait-for.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HINT = "no model — set ARBOR_MODEL or use --model provider:model";
const model = { spec: "test:m", provider: "test", modelId: "m", model: {} } as unknown as ResolvedModel;
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/** A runTurn that stores user + assistant like the real one and streams `reply` in two deltas. */
function fakeTurn(reply: string, before?: (opts: RunTurnOptions) => Promise<void>) {
	return async (opts: RunTurnOptions): Promise<TurnResult> => {
		opts.store.appendMessage({ role: "user", content: opts.prompt as string, timestamp: 1 });
		await before?.(opts);
		opts.onEvent?.({ type: "message_start" });
		opts.onEvent?.({ type: "text_delta", delta: reply.slice(0, 3) });
		opts.onEvent?.({ type: "text_delta", delta: reply.slice(3) });
		const entry = opts.store.appendMessage({ role: "assistant", content: [{ type: "text", text: reply }], stopReason: "stop", timestamp: 2 });
		return { ok: true, stopReason: "stop", text: reply, usage, leafId: entry.id };
	};
}

function setup(over: { options?: Partial<InteractiveOptions>; deps?: Partial<UiDeps> } = {}) {
	const dir = mkdtempSync(join(tmpdir(), "arbor-ui-"));
	const store = SessionStore.create({ cwd: dir, sessionDir: dir, inMemory: true });
	let confirm: ConfirmFn | undefined;
	const deps: UiDeps = {
		runTurn: fakeTurn("Hello there"),
		compactSession: async () => ({ ok: false, reason: "empty", message: "nothing to compact" }),
		createTools: (c) => ((confirm = c), {}),
		systemPrompt: () => "system",
		estimateContextTokens: (m) => m.length * 10,
		createSession: () => SessionStore.create({ cwd: dir, sessionDir: dir, inMemory: true }),
		forkSession: (o) => forkSession({ ...o, sessionDir: dir, cwd: dir }),
		openSession: (file) => SessionStore.open(file, { write: true }),
		listSessions: () => [],
		listAllSessions: () => [],
		...over.deps,
	};
	const options: InteractiveOptions = {
		store, cwd: dir, home: dir, sessionDir: dir, model,
		tools: { enabled: [], needsConfirmation: () => false },
		askSummary: true, treeFilter: "default",
		resolveModel: (spec) => (spec === "test:other" ? { ok: true, value: { ...model, spec } } : { ok: false, message: `bad model ${spec}` }),
		...over.options,
	};
	const current: { store: SessionStoreApi; cleared: number } = { store, cleared: 0 };
	let app!: ReturnType<typeof render>;
	act(() => {
		app = render(<App options={options} deps={deps} onStoreChange={(s) => (current.store = s)} clearScreen={() => void current.cleared++} />);
	});
	const frame = () => app.lastFrame() ?? "";
	const press = async (data: string) => act(async () => void app.stdin.write(data));
	const send = async (text: string) => {
		await press(text);
		await waitFor(() => frame().includes(text.split("\n")[0]!), { what: `typed ${text}` });
		await press("\r");
	};
	return { app, frame, press, send, store, current, dir, confirm: () => confirm };
}

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

describe("App", () => {
	it("opens without a model: hint in the status line; sending stores nothing", async () => {
		const t = setup({ options: { model: undefined, modelHint: "no model configured: use --model" } });
		unmount = () => t.app.unmount();
		expect(t.frame()).toBe(`\n›\n${HINT} · 0 tokens · empty`);
		await t.send("hi");
		await waitFor(() => t.frame().includes("no model configured: use --model"));
		expect(t.frame()).toBe(`\n› hi\nno model configured: use --model\n${HINT} · 0 tokens · empty`);
		expect(t.store.snapshot().entries.length).toBe(0);
	});

	it("sends a prompt and prints the stored exchange", async () => {
		const t = setup();
		unmount = () => t.app.unmount();
		await t.send("hi");
		await waitFor(() => t.frame().includes("Hello there") && !t.frame().includes("Working"), { what: "reply" });
		const leaf = t.store.snapshot().leafId!;
		expect(t.frame()).toBe(`\n› hi\n\nHello there\n\n›\ntest:m · 20 tokens · leaf ${leaf}`);
	});

	it("unknown command shows an error and sends nothing", async () => {
		const t = setup();
		unmount = () => t.app.unmount();
		await t.send("/frob");
		await waitFor(() => t.frame().includes("Unknown command /frob"));
		expect(t.frame()).toBe("\n›\nUnknown command /frob\ntest:m · 0 tokens · empty");
		expect(t.store.snapshot().entries.length).toBe(0);
	});

	it("/name names the session, /label labels the leaf", async () => {
		const t = setup();
		unmount = () => t.app.unmount();
		await t.send("hi");
		await waitFor(() => t.frame().includes("Hello there") && !t.frame().includes("Working"));
		const leaf = t.store.snapshot().leafId!;
		await t.send("/label checkpoint");
		await waitFor(() => t.frame().includes("Labelled: checkpoint"));
		expect(t.store.snapshot().getLabel(leaf)).toBe("checkpoint");
		await t.send("/name demo");
		await waitFor(() => t.frame().includes("Session named: demo"));
		expect(t.frame().split("\n").at(-1)).toMatch(/^test:m · demo · 20 tokens · leaf [0-9a-f]{8}$/);
	});

	it("/model switches or reports a bad spec", async () => {
		const t = setup();
		unmount = () => t.app.unmount();
		await t.send("/model nope:x");
		await waitFor(() => t.frame().includes("bad model nope:x"));
		await t.send("/model test:other");
		await waitFor(() => t.frame().endsWith("Model: test:other\ntest:other · 0 tokens · empty"));
	});

	it("asks before a tool runs and passes the answer on", async () => {
		let answer: string | undefined;
		const t = setup({
			deps: {
				runTurn: fakeTurn("done", async () => {
					answer = await t.confirm()!({ toolName: "bash", args: { command: "ls" }, description: "bash: ls" });
				}),
			},
		});
		unmount = () => t.app.unmount();
		await t.send("run it");
		await waitFor(() => t.frame().includes("Allow bash: ls?"), { what: "confirm prompt" });
		await t.press("a");
		await waitFor(() => answer !== undefined);
		expect(answer).toBe("always");
		await waitFor(() => t.frame().includes("done") && !t.frame().includes("Working"));
	});

	it("/fork picks a user message, switches to a new session and puts the text in the editor", async () => {
		const t = setup();
		unmount = () => t.app.unmount();
		await t.send("first");
		await waitFor(() => t.frame().includes("Hello there") && !t.frame().includes("Working"));
		await t.send("second");
		await waitFor(() => t.frame().match(/Hello there/g)?.length === 2 && !t.frame().includes("Working"));
		await t.send("/fork");
		await waitFor(() => t.frame().includes("Fork from a user message"));
		await t.press("\r");
		await waitFor(() => t.frame().includes("Forked into a new session"));
		expect(t.current.store).not.toBe(t.store);
		expect(t.current.store.snapshot().entries.length).toBe(2);
		expect(t.frame()).toContain("› second\nForked into a new session");
		expect(readdirSync(t.dir).filter((f) => f.endsWith(".jsonl")).length).toBe(1);
	});

	it("/help opens and any key closes it", async () => {
		const t = setup();
		unmount = () => t.app.unmount();
		await t.send("/help");
		await waitFor(() => t.frame().includes("(any key closes)"));
		await t.press("x");
		await waitFor(() => !t.frame().includes("(any key closes)"));
	});

	it("Esc Esc opens the tree; choosing a user message replays the path and fills the editor", async () => {
		const t = setup({ options: { askSummary: false } });
		unmount = () => t.app.unmount();
		await t.send("first");
		await waitFor(() => t.frame().includes("Hello there") && !t.frame().includes("Working"));
		await t.send("second");
		await waitFor(() => t.frame().match(/Hello there/g)?.length === 2 && !t.frame().includes("Working"));
		await t.press("\u001b");
		await t.press("\u001b");
		await waitFor(() => t.frame().includes("← active"), { what: "tree view" });
		await t.press("\u001b[A");
		await t.press("\r");
		await waitFor(() => t.frame().includes("Navigated to selected point"), { what: "navigation" });
		const leaf = t.store.snapshot().leafId!;
		// The fake terminal keeps old output; a real one is cleared first (counted here) and then
		// shows only the replayed path.
		const replayed = `\n› first\n\nHello there\n\n› second\nNavigated to selected point\ntest:m · 20 tokens · leaf ${leaf}`;
		expect(t.frame().endsWith(`Hello there\n${replayed}`)).toBe(true);
		expect(t.current.cleared).toBe(1);
		expect(t.store.snapshot().getEntry(leaf)).toMatchObject({ type: "message", message: { role: "assistant" } });
	});
});

