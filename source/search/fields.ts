/**
 * What of a session entry a search looks at: message text, labels, session names and the
 * summaries of branches and compactions. Works on raw parsed JSON (search never builds the tree),
 * so every access is guarded. Pure.
 */
import { contentText } from "../session/content.js";
import { asRecord } from "../session/entry-guards.js";
import { messageKind } from "../tree/preview.js";

/** Which kind of text matched: ranks hits and tells the user where the match is. */
export type Field = "name" | "label" | "summary" | "user" | "assistant" | "tool" | "custom";

/** One searchable text of an entry; `entryId` is the entry the hit lands on (a label's target). */
type Searchable = { field: Field; entryId: string; text: string };

type Json = Record<string, unknown>;

/** The searchable text of a message content: its text parts, images left out. */
const partsText = (content: unknown) => contentText(content, { imageAs: "" });

function messageField(message: Json): Searchable["field"] | undefined {
	const kind = messageKind(message);
	return kind === "user" || kind === "assistant" || kind === "tool" || kind === "custom" ? kind : undefined;
}

function searchText(message: Json): string {
	if (message.role === "bashExecution") {
		return [message.command, message.output].filter((s) => typeof s === "string").join("\n");
	}
	return partsText(message.content);
}

/** The searchable texts of one parsed entry (usually one; none for bookkeeping entries). */
export function searchables(entry: Json): Searchable[] {
	const id = typeof entry.id === "string" ? entry.id : undefined;
	if (!id) return [];
	const one = (field: Field, text: unknown, entryId = id): Searchable[] =>
		typeof text === "string" && text !== "" ? [{ field, entryId, text }] : [];
	switch (entry.type) {
		case "message": {
			const message = asRecord(entry.message);
			const field = message ? messageField(message) : undefined;
			return message && field ? one(field, searchText(message)) : [];
		}
		case "custom_message":
			return one("custom", partsText(entry.content));
		case "branch_summary":
		case "compaction":
			return one("summary", entry.summary);
		case "label":
			return typeof entry.targetId === "string" ? one("label", entry.label, entry.targetId) : [];
		case "session_info":
			return one("name", entry.name);
		default:
			return [];
	}
}

/** How much a match in each field counts when ranking. */
export const FIELD_WEIGHT: Record<Field, number> = {
	name: 4,
	label: 4,
	summary: 3,
	user: 2,
	custom: 1.5,
	assistant: 1,
	tool: 0.5,
};
