import type { SessionTreeView } from "../../session/api.js";

/**
 * OSC 52 "set clipboard" for `text`: the terminal (also across ssh, and tmux with set-clipboard)
 * puts it on the system clipboard. arbor's own control output, written straight to the terminal,
 * never part of rendered content.
 */
export function osc52(text: string): string {
	return `\u001B]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
}

/** The text of the newest assistant reply with text on the current path, walking up from the leaf. */
export function lastReplyText(view: SessionTreeView): string | undefined {
	let steps = view.entries.length;
	for (let e = view.leafId === null ? undefined : view.getEntry(view.leafId); e && steps-- > 0; ) {
		if (e.type === "message") {
			const message = e.message as { role: string; content?: unknown };
			if (message.role === "assistant" && Array.isArray(message.content)) {
				const text = (message.content as { type?: string; text?: unknown }[])
					.filter((p) => p?.type === "text" && typeof p.text === "string")
					.map((p) => p.text as string)
					.join("");
				if (text.trim() !== "") return text;
			}
		}
		e = typeof e.parentId === "string" ? view.getEntry(e.parentId) : undefined;
	}
	return undefined;
}
