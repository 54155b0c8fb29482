import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import React, { act } from "react";
import type { ResolvedModel, RunTurnOptions, TurnResult } from "../../source/llm/index.js";
import { EventBus } from "../../source/events/bus.js";
import { SessionStore } from "../../source/session/index.js";
import type { SessionStoreApi } from "../../source/session/api.js";
import type { ConfirmFn } from "../../source/tools/index.js";
import { App } from "../../source/ui/chat/app.js";
import type { UiDeps } from "../../source/ui/deps.js";
import type { InteractiveOptions } from "../../source/ui/options.js";
import { showScreenOnTimeout, waitFor } from "../helpers/wait-for.js";
import { afterEach } from "vitest";
import { cleanTempDirs, say, user } from "../navigation/helpers.js";
import { failOnActWarnings } from "./act-warnings.js";
import { ExtensionHost } from "../../source/extensions/host.js";

/**
 * The App test files' shared set-up: React's act() environment, act warnings fail the test, and
 * after each test `unmount` (the file's own) runs and the temp folders go.
 */
export function appTestHooks(unmount: () => void): void {
	(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
	failOnActWarnings();
	afterEach(() => {
		unmount();
		cleanTempDirs();
	});
}

export const HINT = "no model — set ARBOR_MODEL or use --model provider:model";
export const model = { spec: "test:m", provider: "test", modelId: "m", model: {} } as unknown as ResolvedModel;
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/** A runTurn that stores user + assistant like the real one and streams `reply` in two deltas. */
export function fakeTurn(reply: string, before?: (opts: RunTurnOptions) => Promise<void>) {
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

export type SetupOptions = {
	options?: Partial<InteractiveOptions>;
	deps?: Partial<UiDeps>;
	/** The session the app starts with (default: a new one in memory). */
	store?: (dir: string) => SessionStoreApi;
	/** Loaded extensions (their dialogs, commands and notices go to the app). */
	extensions?: ExtensionHost;
	dir?: string;
};

/** The App over fakes and a real store in a temp folder; every render and key inside act(). */
export function setup(over: SetupOptions = {}) {
	const dir = over.dir ?? mkdtempSync(join(tmpdir(), "arbor-ui-"));
	const store = over.store?.(dir) ?? SessionStore.create({ cwd: dir, sessionDir: dir, inMemory: true });
	let confirm: ConfirmFn | undefined;
	const deps: UiDeps = {
		runTurn: fakeTurn("Hello there"),
		createTools: (c) => ((confirm = c), {}),
		systemPrompt: () => "system",
		estimateContextTokens: (m) => m.length * 10,
		createSession: () => SessionStore.create({ cwd: dir, sessionDir: dir, inMemory: true }),
		openSession: (file) => SessionStore.open(file, { write: true }),
		listSessions: () => [],
		listAllSessions: () => [],
		searchSessions: (query) => ({ query, files: 0, total: 0, hits: [] }),
		...over.deps,
	};
	const options: InteractiveOptions = {
		store, cwd: dir, home: dir, sessionDir: dir, model,
		tools: { enabled: [], needsConfirmation: () => false },
		askSummary: true, treeFilter: "default",
		resolveModel: (spec) => (spec === "test:other" ? { ok: true, value: { ...model, spec } } : { ok: false, message: `bad model ${spec}` }),
		...over.options,
	};
	const bus = new EventBus();
	const current: { store: SessionStoreApi } = { store };
	let app!: ReturnType<typeof render>;
	act(() => {
		app = render(<App options={options} deps={deps} bus={bus} extensions={over.extensions} onStoreChange={(s) => (current.store = s)} />);
	});
	const frame = () => app.lastFrame() ?? "";
	// A waitFor in the test that times out shows this frame.
	const forgetScreen = showScreenOnTimeout(frame);
	const press = async (data: string) => act(async () => void app.stdin.write(data));
	const send = async (text: string) => {
		await press(text);
		await waitFor(() => frame().includes(text.split("\n")[0]!), { what: `typed ${text}` });
		await press("\r");
	};
	/** Polls inside act() so updates from settling promises are flushed as React expects. */
	const until = async (check: () => unknown, what?: string) => {
		await waitFor(async () => {
			let ok: unknown;
			await act(async () => void (ok = check()));
			return ok;
		}, { what, screen: frame });
	};
	const unmount = () => {
		forgetScreen();
		act(() => app.unmount());
	};
	return { app, frame, press, send, until, unmount, store, current, dir, bus, confirm: () => confirm };
}

/**
 * Three exchanges of ~12k tokens each (~36k on the path): the default keep (20k recent tokens) cuts
 * inside the second, so the first is summarized; a 40k window leaves less than the 16k reserve, so a
 * turn compacts first. The bulk sits in extension messages, which the transcript folds to their
 * first line, so the frame stays small.
 */
export function bigStore(dir: string): SessionStore {
	const store = SessionStore.create({ cwd: dir, sessionDir: dir, inMemory: true });
	for (const n of [1, 2, 3]) {
		store.appendMessage(user(`question ${n}`));
		store.append({ type: "custom_message", customType: "note", content: `note ${n}\n${"x".repeat(48_000)}`, display: true });
		store.appendMessage(say(`answer ${n}`));
	}
	return store;
}
