import { render } from "ink";
import React from "react";
import { buildSystemPrompt, compactSession, estimateContextTokens, runTurn } from "../llm/index.js";
import { forkSession, listAllSessions, listSessions, SessionStore } from "../session/index.js";
import type { SessionStoreApi } from "../session/api.js";
import { createToolSet } from "../tools/index.js";
import { App } from "./components/app.js";
import type { UiDeps } from "./deps.js";
import { CLEAR_TERMINAL } from "./hooks/use-navigation.js";
import type { InteractiveOptions } from "./options.js";

export type { InteractiveOptions } from "./options.js";

/** The real effects behind the UI: store, model layer and tools. */
export function realDeps(opts: InteractiveOptions): UiDeps {
	const { cwd, home, sessionDir } = opts;
	return {
		runTurn,
		compactSession,
		createTools: (confirm) =>
			createToolSet({ cwd, enabled: opts.tools.enabled, confirm, needsConfirmation: (n) => opts.tools.needsConfirmation(n) }),
		systemPrompt: () => buildSystemPrompt({ cwd, tools: opts.tools.enabled }),
		estimateContextTokens,
		createSession: () => SessionStore.create({ cwd, sessionDir }),
		forkSession: ({ source, sourceFile, entryId }) => forkSession({ source, sourceFile, entryId, sessionDir, cwd }),
		openSession: (file) => SessionStore.open(file, { write: true }),
		listSessions: () => listSessions(sessionDir),
		listAllSessions: () => listAllSessions(home),
	};
}

/**
 * Runs the chat UI until the user quits. Resolves with the exit code; the current store (which
 * /new, /resume or /fork may have replaced) is always synced and unlocked.
 */
export async function runInteractive(opts: InteractiveOptions): Promise<number> {
	let current: SessionStoreApi = opts.store;
	const instance = render(
		<App
			options={opts}
			deps={realDeps(opts)}
			onStoreChange={(store) => (current = store)}
			clearScreen={() => process.stdout.write(CLEAR_TERMINAL)}
		/>,
		{ exitOnCtrlC: false },
	);
	try {
		await instance.waitUntilExit();
		return 0;
	} finally {
		current.close();
	}
}
