import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import React, { act } from "react";
import type { ResolvedModel } from "../../source/llm/resolve-model.js";
import type { RunTurnOptions, TurnResult } from "../../source/llm/turn.js";
import { SessionStore } from "../../source/session/store.js";
import type { SessionStoreApi } from "../../source/session/api.js";
import type { ConfirmFn } from "../../source/tools/tool-set.js";
import { App } from "../../source/ui/chat/app.js";
import type { UiDeps } from "../../source/ui/deps.js";
import type { InteractiveOptions } from "../../source/ui/options.js";
import { showScreenOnTimeout, waitFor } from "../helpers/wait-for.js";
import { afterEach } from "vitest";
import { cleanTempDirs, say, user } from "../navigation/helpers.js";
import { failOnActWarnings } from "./act-warnings.js";
import { AgentSession, type AgentEvent, type AgentOpenOptions } from "../../source/agent/agent-session.js";
import type { ModelChoice } from "../../source/config/model-config.js";
import { ChatBridge } from "../../source/ui/chat/chat-bridge.js";

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
	/** The app's options, and the models the core is opened with (`model: undefined`: none). */
	options?: Partial<InteractiveOptions> & { model?: ResolvedModel; summaryModel?: ResolvedModel };
	/** The app's effects, and the core's turn (default: fakeTurn("Hello there")). */
	deps?: Partial<UiDeps> & { runTurn?: (opts: RunTurnOptions) => Promise<TurnResult> };
	/** The session the app starts with (default: a new one in memory). */
	store?: (dir: string) => SessionStore;
	dir?: string;
};

/**
 * The App over the real session core (AgentSession: its run loop, queues, compaction, session
 * verbs) with a fake turn instead of a model, and a real store in a temp folder; every render and
 * key inside act().
 */
export async function setup(over: SetupOptions = {}) {
	const dir = over.dir ?? mkdtempSync(join(tmpdir(), "arbor-ui-"));
	const store = over.store?.(dir) ?? SessionStore.create({ cwd: dir, sessionDir: dir, inMemory: true });
	const { model: given, summaryModel, ...appOptions } = over.options ?? {};
	const chat = over.options && "model" in over.options ? given : model;
	const { runTurn = fakeTurn("Hello there"), ...appDeps } = over.deps ?? {};
	const deps: UiDeps = {
		estimateContextTokens: (m) => m.length * 10,
		listSessions: () => [],
		listAllSessions: () => [],
		searchSessions: (query) => ({ query, files: 0, total: 0, hits: [] }),
		...appDeps,
	};
	const options: InteractiveOptions = {
		cwd: dir, home: dir, sessionDir: dir,
		askSummary: true, treeFilter: "default",
		resolveModel: (spec) => (spec === "test:other" ? { ok: true, value: { ...model, spec } } : { ok: false, message: `bad model ${spec}` }),
		...appOptions,
	};
	const resolve = options.resolveModel;
	const modelChoice: ModelChoice = { chat, summary: summaryModel, catalog: { providers: [] }, resolve, chatError: options.modelHint };
	const bridge = new ChatBridge();
	const agent = await AgentSession.open({
		cwd: dir, home: dir, sessionDir: dir, store, settings: {}, modelChoice, runTurn: runTurn as AgentOpenOptions["runTurn"],
		extensions: false, contextFiles: false, checkpoints: false, extensionMode: "interactive", ...bridge.callbacks,
	});
	let app!: ReturnType<typeof render>;
	act(() => {
		app = render(<App options={options} deps={deps} agent={agent} bridge={bridge} />);
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
	/**
	 * Presses `data` and waits, inside one act(), for the core's `event` (a session verb's
	 * session_changed, whose state updates come after the verb's own awaits) and what follows it.
	 */
	const pressFor = async (data: string, event: AgentEvent["type"]) =>
		act(async () => {
			const seen = new Promise<void>((resolve) => {
				const off = agent.subscribe((e) => e.type === event && (off(), resolve()));
			});
			app.stdin.write(data);
			await seen;
			await new Promise((resolve) => setTimeout(resolve, 0));
		});
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
		void agent.close();
	};
	// The tool question as the core asks it (the app's confirm prompt answers).
	const confirm = (): ConfirmFn => (request) => bridge.callbacks.confirm(request);
	const current = { get store(): SessionStoreApi { return agent.store; } };
	return { app, frame, press, pressFor, send, until, unmount, store: store as SessionStoreApi, current, dir, bus: agent.extensions.bus, agent, confirm };
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
