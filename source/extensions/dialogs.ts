/**
 * The dialogs an extension opens through ctx.ui (pi's confirm, select and input): what the mode
 * running the extensions shows (the chat's dialog, an RPC client's `extension_ui_request`), and
 * their answers without one.
 */
import { safeText } from "./load.js";
import type { ExtensionContext } from "./types.js";

/** One dialog as a front end shows it (texts already made safe to show: strings, one per option). */
export type DialogRequest =
	| { kind: "confirm"; title: string; message?: string }
	| { kind: "select"; title: string; options: string[] }
	| { kind: "input"; title: string; placeholder?: string };

/**
 * Shows a dialog and resolves with the user's answer: true/false (confirm), the chosen option
 * (select), the text (input), or undefined when cancelled. `signal`: the action was aborted
 * (the dialog closes, answered undefined).
 */
export type DialogSink = (request: DialogRequest, signal?: AbortSignal) => Promise<unknown>;

/** Counts the dialogs open, so the time limit of the handler waiting on one stands still. */
export type DialogCounter = { open: number };

/** ctx.ui's dialogs over `sink` (none: no UI, each answers as cancelled at once). */
export function dialogs(sink: DialogSink | undefined, signal: AbortSignal | undefined, counter: DialogCounter): Pick<ExtensionContext["ui"], "confirm" | "select" | "input"> {
	const ask = async (request: DialogRequest): Promise<unknown> => {
		if (!sink || signal?.aborted) return undefined;
		counter.open++;
		try {
			return await sink(request, signal);
		} finally {
			counter.open--;
		}
	};
	return {
		confirm: async (title, message) => (await ask({ kind: "confirm", title: safeText(title), ...(message === undefined ? {} : { message: safeText(message) }) })) === true,
		select: async (title, options) => {
			const list = Array.isArray(options) ? options.map((o) => safeText(o)) : [];
			if (list.length === 0) return undefined;
			const answer = await ask({ kind: "select", title: safeText(title), options: list });
			return typeof answer === "string" && list.includes(answer) ? answer : undefined;
		},
		input: async (title, placeholder) => {
			const answer = await ask({ kind: "input", title: safeText(title), ...(placeholder === undefined ? {} : { placeholder: safeText(placeholder) }) });
			return typeof answer === "string" ? answer : undefined;
		},
	};
}
