import type { CompactOptions, CompactResult, RunTurnOptions, TurnResult } from "../llm/index.js";
import type { SessionInfo, SessionStoreApi, SessionTreeView } from "../session/index.js";
import type { ContextMessage } from "../session/types.js";
import type { ConfirmFn } from "../tools/index.js";

/**
 * Everything the app does outside React, injected so component tests run with fakes and the real
 * wiring (run-interactive.tsx) stays one small file.
 */
export type UiDeps = {
	runTurn(opts: RunTurnOptions): Promise<TurnResult>;
	compactSession(opts: CompactOptions): Promise<CompactResult>;
	/** A ToolSet for one session; `confirm` asks the user about mutating tools. */
	createTools(confirm: ConfirmFn): RunTurnOptions["tools"];
	systemPrompt(): string;
	estimateContextTokens(messages: readonly ContextMessage[]): number;
	/** A new lazy session in the same folder. */
	createSession(): SessionStoreApi;
	/** A new session holding root → entryId of `source` (null: empty, with parentSession set). */
	forkSession(opts: { source: SessionTreeView; sourceFile?: string; entryId: string | null }): SessionStoreApi;
	/** Opens a session file for writing (takes the lock; throws SessionError). */
	openSession(file: string): SessionStoreApi;
	listSessions(): SessionInfo[];
	listAllSessions(): SessionInfo[];
};
