import type { RunTurnOptions, TurnResult } from "../llm/index.js";
import type { SessionInfo, SessionStoreApi } from "../session/index.js";
import type { ContextMessage } from "../session/types.js";
import type { SearchResult } from "../search/search.js";
import type { ConfirmFn } from "../tools/index.js";
import type { Checkpointer } from "../checkpoints/checkpointer.js";

/**
 * The effects the app needs from outside React, injected so component tests run with fakes and
 * the real wiring (run-interactive.tsx) stays one small file. Compaction and /fork go through
 * source/navigation directly: tests drive them with mock models and real temp files instead.
 */
export type UiDeps = {
	runTurn(opts: RunTurnOptions): Promise<TurnResult>;
	/** A ToolSet for one session; `confirm` asks the user about mutating tools. */
	createTools(confirm: ConfirmFn): RunTurnOptions["tools"] | Promise<RunTurnOptions["tools"]>;
	systemPrompt(): string;
	estimateContextTokens(messages: readonly ContextMessage[]): number;
	/** A new lazy session in the same folder. */
	createSession(): SessionStoreApi;
	/** Opens a session file for writing (takes the lock; throws SessionError). */
	openSession(file: string): SessionStoreApi;
	listSessions(): SessionInfo[];
	listAllSessions(): SessionInfo[];
	/** `/search`: this folder's sessions (or every folder's), ranked as `arbor search`; throws on a bad query. */
	searchSessions(query: string, all: boolean): SearchResult;
	/** false with the settings' `"autoCompaction": false`: no compaction before a turn or on an overflow. */
	autoCompaction?: boolean;
	/** The file checkpoints of a session (one per store), or undefined when they are off. */
	checkpoints?(store: SessionStoreApi): Checkpointer | undefined;
	/** The running `task` sub-agents (docs/tasks.md), when the session has the tool. */
	tasks?: import("../tasks/task-board.js").TaskBoard;
};
