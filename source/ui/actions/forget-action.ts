/**
 * `/forget [entry id]`: a pi 1.6 `context_edit` that leaves a message out of what the model is sent
 * from here on, on this branch (a pasted secret, a wrong turn). The message stays in the file and
 * the transcript; moving above the edit in /tree brings it back into the context.
 */
import type { SessionStoreApi, SessionTreeView } from "../../session/api.js";
import type { SessionEntry } from "../../session/types.js";
import { errorMessage } from "../../text/error-text.js";
import { previewText } from "../../tree/preview.js";

/** What `/forget` did, as the status line says it. */
export type ForgetOutcome = { ok: boolean; text: string };

/** Forgets the entry `args` names (an id or id prefix on the branch), or the newest user message. */
export function forgetMessage(store: SessionStoreApi, args: string): ForgetOutcome {
	const view = store.snapshot();
	const target = pickTarget(view, args.trim());
	if (!target) return { ok: false, text: args.trim() === "" ? "No message of yours on this branch to forget" : `No message ${args.trim()} on this branch` };
	try {
		store.appendContextEdit(target.id, null);
	} catch (failure) {
		return { ok: false, text: `Not forgotten: ${errorMessage(failure)}` };
	}
	return { ok: true, text: `Left out of the context from here on: ${previewText(view, target).slice(0, 60)}` };
}

function pickTarget(view: SessionTreeView, id: string): SessionEntry | undefined {
	const path = view.getPath(view.leafId);
	if (id !== "") return path.find((e) => e.id.startsWith(id));
	return [...path].reverse().find((e) => e.type === "message" && e.message.role === "user");
}
