import React, { useMemo } from "react";
import type { SessionTreeView } from "../../session/api.js";
import type { SessionEntry } from "../../session/types.js";
import { contentText } from "../../session/content.js";
import { headOf } from "../../session/body-head.js";
import { oneLine } from "../../text/one-line.js";
import { hintLine } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import { ListPicker } from "./list-picker.js";

/**
 * User messages of every branch in file order (newest last), each with its one-line label: made from
 * the content's head (body-head.ts, a tree row's first 240 characters and more), so listing the
 * 19k user messages of a 100k-entry session reads none of them back from the file. The picked
 * message's whole text is read when it is picked ({@link userText}).
 */
export function userMessages(view: SessionTreeView): { entry: SessionEntry; label: string }[] {
	const out: { entry: SessionEntry; label: string }[] = [];
	for (const entry of view.entries) {
		if (entry.type !== "message") continue;
		const message = entry.message;
		if (message.role === "user") out.push({ entry, label: oneLine(contentText(headOf(message, "content"))) });
	}
	return out;
}

/** The whole text of a user message's entry (read from the file when it is kept there). */
function userText(entry: SessionEntry): string {
	return entry.type === "message" && entry.message.role === "user" ? contentText(entry.message.content) : "";
}

/** /fork: pick a user message (newest selected); Enter forks the session before it. */
export function ForkPicker(props: { view: SessionTreeView; rows: number; onPick(entry: SessionEntry, text: string): void; onCancel(): void }) {
	const items = useMemo(() => userMessages(props.view), [props.view]);
	return (
		<ListPicker
			title={`Fork from a user message (${hintLine(useKeymap(), [[["list.up", "list.down"], "move"], [["dialog.accept"], "forks"], [["dialog.cancel"], "cancels"]]).replace(/ · /g, ", ")})`}
			labels={items.map((i) => i.label)}
			initial={items.length - 1}
			size={Math.max(5, props.rows - 6)}
			onPick={(i) => {
				if (items[i]) props.onPick(items[i].entry, userText(items[i].entry));
			}}
			onCancel={props.onCancel}
		/>
	);
}
