/**
 * pi 1.6's `context_edit` as arbor writes it (`/forget`, the store's appendContextEdit): the same
 * checks and normalization as pi's SessionManager.appendContextEdit, so pi reads what arbor wrote.
 */
import type { SessionTreeView } from "./api.js";
import { roleName } from "./entry-guards.js";
import type { ContextEditContent } from "./types.js";
import { SessionError } from "./types.js";

/** What a context edit puts in place of its target: null leaves it out of the context. */
export type ContextEditReplacement = { content: ContextEditContent } | null;

const EDITABLE_ROLES = new Set(["user", "assistant", "toolResult"]);

/**
 * The fields of a `context_edit` of `targetId` on `view`'s active path. Throws SessionError when the
 * target is unknown, off the path, or gives the model no content (only user, assistant and tool
 * result messages and custom messages do). A string replacing an assistant's or a tool result's
 * content becomes one text part, as pi stores it.
 */
export function contextEditFields(view: SessionTreeView, targetId: string, replacement: ContextEditReplacement): { type: "context_edit"; targetId: string; replacement: ContextEditReplacement } {
	const target = view.getEntry(targetId);
	if (!target) throw new SessionError("unknown-id", `no entry with id "${targetId}"`);
	if (!view.getPath(view.leafId).some((e) => e.id === targetId)) throw new SessionError("invalid", `entry ${targetId} is not on the current branch`);
	const role = target.type === "custom_message" ? "custom" : target.type === "message" ? roleName(target.message) : undefined;
	if (role === undefined || (role !== "custom" && !EDITABLE_ROLES.has(role))) {
		throw new SessionError("invalid", `entry ${targetId} gives the model no content to edit`);
	}
	if (replacement !== null && typeof replacement.content !== "string" && !Array.isArray(replacement.content)) {
		throw new SessionError("invalid", "a context edit's replacement must be null or hold text or a list of parts");
	}
	const normalized =
		replacement !== null && (role === "assistant" || role === "toolResult") && typeof replacement.content === "string"
			? { content: [{ type: "text" as const, text: replacement.content }] }
			: replacement;
	return { type: "context_edit", targetId, replacement: normalized };
}
