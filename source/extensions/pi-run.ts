/**
 * pi 1.6's run and session calls and events as the host gives them to extensions: before_agent_start,
 * sendMessage's delivery, the messages a run stored (agent_end), the name as it changes (session_info_changed).
 */
import type { SessionStoreApi } from "../session/api.js";
import type { NewEntry, SessionEntry } from "../session/types.js";
import type { EventBus } from "../events/bus.js";
import type { PromptSink } from "./host.js";
import { promptParts } from "./prompt-text.js";

/** The messages among `entries` (pi's AgentMessage shapes: user, assistant, toolResult, custom), oldest first. */
export function entryMessages(entries: readonly SessionEntry[]): unknown[] {
	const messages: unknown[] = [];
	for (const e of entries) {
		if (e.type === "message") messages.push(e.message);
		else if (e.type === "custom_message") messages.push({ role: "custom", customType: e.customType, content: e.content, display: e.display, details: e.details, timestamp: Date.parse(e.timestamp) });
	}
	return messages;
}

/** Calls `changed` whenever the store's session name changes (not for the name it has now); returns the undo. */
export function watchSessionName(store: SessionStoreApi, changed: (name: string | undefined) => void): () => void {
	let name = store.snapshot().name;
	return store.subscribe(() => {
		const now = store.snapshot().name;
		if (now === name) return;
		name = now;
		changed(now);
	});
}

type Checked = { ok: true; value: NewEntry } | { ok: false; reason: string };

/**
 * pi's before_agent_start: the run's system prompt as the handlers leave it, and the entries stored
 * after the prompt's message and sent with it — `queued` (sendMessage's nextTurn), then each handler's message.
 */
export async function beforeAgentStart(
	host: { bus: EventBus; check: (message: unknown) => Checked; warn: (line: string) => void; queued: NewEntry[] },
	run: { prompt: unknown; system: string | undefined; signal?: AbortSignal },
): Promise<{ system: string | undefined; afterPrompt: NewEntry[] }> {
	const afterPrompt = host.queued;
	if (!host.bus.has("before_agent_start")) return { system: run.system, afterPrompt };
	const { text, images } = promptParts(run.prompt);
	const result = await host.bus.emit("before_agent_start", { messageType: "user", prompt: text, ...(images.length ? { images } : {}), systemPrompt: run.system ?? "", signal: run.signal });
	for (const message of result.messages ?? []) {
		const entry = host.check(message);
		if (entry.ok) afterPrompt.push(entry.value);
		else host.warn(`extension: before_agent_start message: ${entry.reason}; not sent`);
	}
	return { system: result.systemPrompt ?? run.system, afterPrompt };
}

/**
 * pi's sendMessage(message, {deliverAs, triggerTurn}): with `triggerTurn` (and a chat or RPC client
 * to send it), the message's text starts a turn as the user's message — a follow-up while one runs;
 * with `deliverAs: "nextTurn"`, it is stored after the next prompt's message and sent with it;
 * otherwise a custom_message entry now (after a running turn).
 */
export function piSendMessage(o: { entry: Checked; options: unknown; nextTurn: NewEntry[]; write: (entry: Checked) => void; send?: PromptSink }): void {
	const { deliverAs, triggerTurn } = (o.options ?? {}) as { deliverAs?: unknown; triggerTurn?: unknown };
	if (o.entry.ok && triggerTurn === true && o.send) {
		const text = promptParts((o.entry.value as unknown as { content: unknown }).content).text;
		if (text.trim() !== "") return o.send(text, deliverAs === "steer" ? "steer" : "followUp");
	}
	if (o.entry.ok && deliverAs === "nextTurn") o.nextTurn.push(o.entry.value);
	else o.write(o.entry);
}

/** pi's turn_end fields: the last assistant message among `entries` and the tool results stored after it. */
export function lastReply(entries: readonly SessionEntry[]): { message?: unknown; toolResults: unknown[] } {
	const messages = entries.flatMap((e) => (e.type === "message" ? [e.message as { role: unknown }] : []));
	const at = messages.map((m) => m.role).lastIndexOf("assistant");
	if (at === -1) return { toolResults: [] };
	return { message: messages[at], toolResults: messages.slice(at + 1).filter((m) => m.role === "toolResult") };
}
