import type { SessionCompactFailedEvent } from "../events/pi-events.js";
import type { CompactNowResult } from "../navigation/compact.js";
import type { NavigateResult } from "../navigation/types.js";
import type { TurnEvent, TurnResult } from "../llm/turn.js";
import type { QueuedContent } from "../llm/message-queue.js";
import type { SessionEntry, StoredMessage } from "../session/types.js";
import type { TaskEvent } from "../tasks/types.js";

/** Why a compaction ran: `/compact`, the window nearly full before a turn, or a request the provider refused as too long (then the request is sent again). */
export type CompactionReason = "manual" | "threshold" | "overflow";

/**
 * What an {@link AgentSession} reports to its subscribers, in order. The turn's own events
 * ({@link TurnEvent}: message_start, text_delta, thinking_delta, tool_call, tool_result,
 * message_end, error) pass through unchanged between `agent_start` and `agent_end`.
 */
export type AgentEvent =
	| TurnEvent
	/** A `task` tool call's sub-agent started, called a tool (`line`: what the chat shows), ended (docs/tasks.md). */
	| TaskEvent
	/** A run began (a prompt, then any steering and follow-ups it picks up). */
	| { type: "agent_start" }
	/** The run ended; `messages` are every message it stored, oldest first; `result` is its last turn's. */
	/** `unsent`: the prompt handed back, never stored — the run was aborted while compacting before its turn. */
	/** `queued`: the steering and follow-up messages still waiting when the run ended (aborted or failed), not sent and handed back. */
	| { type: "agent_end"; messages: StoredMessage[]; result: TurnResult | undefined; unsent?: QueuedContent; queued?: { steering: QueuedContent[]; followUp: QueuedContent[] } }
	/** After agent_end: nothing more runs on its own (no queued message, no retry); `aborted` when the run was aborted (pi's). */
	| { type: "agent_settled"; aborted: boolean }
	/** A turn of the run began (the prompt or a queued message); `prompt` is what it sends. */
	| { type: "turn_start"; prompt: QueuedContent }
	| { type: "turn_end"; result: TurnResult }
	/** The steering or follow-up queue changed. */
	| { type: "queue_update"; steering: QueuedContent[]; followUp: QueuedContent[] }
	| { type: "compaction_start"; reason: CompactionReason }
	/** `estimatedTokensAfter`: the context's estimated size once compacted (only then). */
	| { type: "compaction_end"; reason: CompactionReason; result: CompactNowResult; estimatedTokensAfter?: number }
	/** An entry written outside a turn's messages (an extension's appendEntry or sendMessage; pi's entry_appended). */
	| { type: "entry_appended"; entry: SessionEntry }
	/** navigate() moved the leaf (exactly what /tree does). */
	| { type: "tree_moved"; result: Extract<NavigateResult, { status: "moved" }> }
	/** Another session is now the live one (fork, clone, new, switch). */
	| { type: "session_changed"; reason: "fork" | "clone" | "new" | "switch"; sessionId: string; sessionFile: string | undefined }
	/** An extension's warning (a handler threw, timed out, returned a bad result). */
	| { type: "extension_error"; error: string }
	/** Automatic compaction was due before a turn but nothing older than the kept region is left to compact. */
	| { type: "compaction_nothing"; contextTokens: number; contextWindow: number }
	/** An extension's ctx.ui.notify text. */
	| { type: "notify"; message: string }
	/** The session's name changed (setName, /name, an extension's setSessionName); pi's. */
	| { type: "session_info_changed"; name: string | undefined }
	/** The thinking level of the next turn changed (setThinkingLevel); pi's. */
	| { type: "thinking_level_changed"; level: string };

export type AgentListener = (event: AgentEvent) => void;

/** pi's session_compact_failed for extensions, when a compaction failed or was cancelled; undefined otherwise. */
export function compactFailed(reason: CompactionReason, result: CompactNowResult): SessionCompactFailedEvent | undefined {
	const willRetry = false; // arbor's overflow retry needs a compaction that made the context smaller
	if (result.status === "failed") return { reason, errorMessage: result.message, aborted: false, willRetry, fromExtension: false };
	if (result.status === "cancelled") return { reason, aborted: true, willRetry, fromExtension: result.reason === "hook" };
	return undefined;
}
