/** The events pi 1.6 gives extensions around a run and the session, as arbor fires them (bus.ts). */

/**
 * pi's before_agent_start: a prompt is about to start a run (after `input` and `turn_start`; nothing
 * of it is stored yet). `systemPrompt`: the run's system prompt as an earlier handler left it.
 */
export type BeforeAgentStartEvent = { messageType: "user"; prompt: string; images?: { type: "image"; data: string; mimeType: string }[]; systemPrompt: string; signal?: AbortSignal };
/** A message an extension adds to the run (a `custom_message` entry after the user's message). */
type AgentStartMessage = { customType: string; content: string | unknown[]; display?: boolean; details?: unknown };
/** `systemPrompt`: the run's system prompt instead; `message`: stored after the prompt and sent with it (each handler's, in order). */
export type BeforeAgentStartResult = { systemPrompt?: string; message?: AgentStartMessage; messages?: AgentStartMessage[] };
/** pi's agent_end: a prompt's run ended; `messages` are the messages it stored (the user's first), oldest first. */
export type AgentEndEvent = { messages: unknown[] };
/** pi's agent_settled: nothing runs and nothing is queued any more (`aborted`: the run was aborted). */
export type AgentSettledEvent = { aborted: boolean };
/** pi's session_info_changed: the session's name was set (undefined: cleared). */
export type SessionInfoChangedEvent = { name: string | undefined };
/** pi's session_compact_failed: a compaction failed or was aborted. */
export type SessionCompactFailedEvent = { reason: "manual" | "threshold" | "overflow"; errorMessage?: string; aborted: boolean; willRetry: boolean; fromExtension: boolean };
