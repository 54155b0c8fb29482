/// <reference lib="dom" />
/**
 * The main pane: the path root → selected entry as a conversation. Only that path is rendered;
 * very long paths show their newest part first with a control for the rest.
 */
import type { SessionTreeView } from "../../session/api.js";
import { entryType, messageRole } from "../../session/entry-guards.js";
import { previewText } from "../../tree/preview.js";
import { el } from "./dom.js";
import { entryView, SHOWN_TYPES } from "./entry-view.js";
import { counted } from "../../text/count.js";

/** Longest path rendered at once; earlier entries come on request. */
export const PATH_WINDOW = 400;

type ConversationOptions = { view: SessionTreeView; selectedId: string | null; showAll: boolean; onShowAll(): void };

function pathNotice(opts: ConversationOptions, shown: number, total: number): HTMLElement {
	const { view, selectedId } = opts;
	const atLeaf = selectedId === view.leafId;
	const text = selectedId === null ? "Empty session" : atLeaf ? `Session leaf · ${counted(total, "entry", "entries")} on this path` : `Entry ${selectedId} · ${counted(total, "entry", "entries")} on this path (not the session's leaf)`;
	const notice = el("div", { class: "path-notice", id: "path-notice" }, text);
	if (shown < total) {
		const more = el("button", { type: "button", class: "show-all", id: "show-all" }, `Show ${counted(total - shown, "earlier entry", "earlier entries")}`);
		more.addEventListener("click", () => opts.onShowAll());
		notice.append(" ", more);
	}
	return notice;
}

/** Replaces `main`'s content with the path to `selectedId` and scrolls the selected entry into view. */
export function renderConversation(main: HTMLElement, opts: ConversationOptions): void {
	const path = opts.view.getPath(opts.selectedId).filter((e) => SHOWN_TYPES.has(entryType(e)));
	const start = opts.showAll ? 0 : Math.max(0, path.length - PATH_WINDOW);
	const blocks: HTMLElement[] = [pathNotice(opts, path.length - start, path.length)];
	for (const entry of path.slice(start)) {
		const isTool = messageRole(entry) === "toolResult";
		const node = entryView(entry, opts.view.getLabel(entry.id), isTool ? previewText(opts.view, entry) : undefined);
		if (!node) continue;
		if (entry.id === opts.selectedId) node.classList.add("selected");
		if (entry.id === opts.view.leafId) node.dataset.leaf = "";
		blocks.push(node);
	}
	main.replaceChildren(...blocks);
	main.dataset.selectedId = opts.selectedId ?? "";
	const last = blocks[blocks.length - 1];
	// The selected entry ends the path: show it whole at the bottom, or its start when it is taller.
	if (last && blocks.length > 1) last.scrollIntoView({ block: last.offsetHeight > main.clientHeight ? "start" : "end" });
	else main.scrollTop = 0;
}
