/**
 * Small readers of entries that keep call sites free of casts. `entry.type === "message"` narrows
 * by itself (see UnknownEntryType in types.ts), also as a `.filter` callback; these cover the rest.
 */
import type { ConversationMessage, SessionEntry, StoredMessage, UnknownEntryType } from "./types.js";

/** The entry's type as text, known or not (e.g. `"message"`, `"arbor.damaged"`, a future pi type). */
export function entryType(entry: SessionEntry): string {
	const type: unknown = entry.type; // a string at run time, whatever the checker's token says
	return typeof type === "string" ? type : String(type);
}

/** The role of a message entry's message, or undefined for every other entry. */
export function messageRole(entry: SessionEntry | undefined): StoredMessage["role"] | undefined {
	return entry?.type === "message" ? entry.message.role : undefined;
}

/** A message's role as text, known or not (`"user"`, `"system"`, a future pi role). */
export function roleName(message: { role: unknown }): string {
	return typeof message.role === "string" ? message.role : String(message.role);
}

/** True for messages that take part in the conversation: not pi's system messages, not unknown roles. */
export function isConversationMessage(message: StoredMessage): message is ConversationMessage {
	return CONVERSATION_ROLES.has(roleName(message));
}
const CONVERSATION_ROLES = new Set(["user", "assistant", "toolResult", "bashExecution", "custom"]);

/** A raw JSON value (a line not yet checked) as an object whose fields are still to be checked. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
	return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
}

/** Stamps a type name read from a file (or made by session/) as an unknown entry's type. */
export function unknownEntryType(name: string): UnknownEntryType {
	return name as unknown as UnknownEntryType;
}
