import React, { useMemo } from "react";
import type { SessionTreeView } from "../../session/api.js";
import type { SessionEntry } from "../../session/types.js";
import { contentText } from "../../session/content.js";
import { oneLine } from "../../text/one-line.js";
import { hintLine } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import { ListPicker } from "./list-picker.js";

/** User messages of every branch in file order (newest last), with their text. */
export function userMessages(view: SessionTreeView): { entry: SessionEntry; text: string }[] {
	const out: { entry: SessionEntry; text: string }[] = [];
	for (const entry of view.entries) {
		if (entry.type !== "message") continue;
		const message = entry.message;
		if (message.role === "user") out.push({ entry, text: contentText(message.content) });
	}
	return out;
}

/** /fork: pick a user message (newest selected); Enter forks the session before it. */
export function ForkPicker(props: { view: SessionTreeView; rows: number; onPick(entry: SessionEntry, text: string): void; onCancel(): void }) {
	const items = useMemo(() => userMessages(props.view), [props.view]);
	return (
		<ListPicker
			title={`Fork from a user message (${hintLine(useKeymap(), [[["list.up", "list.down"], "move"], [["dialog.accept"], "forks"], [["dialog.cancel"], "cancels"]]).replace(/ · /g, ", ")})`}
			labels={items.map((i) => oneLine(i.text))}
			initial={items.length - 1}
			size={Math.max(5, props.rows - 6)}
			onPick={(i) => {
				if (items[i]) props.onPick(items[i].entry, items[i].text);
			}}
			onCancel={props.onCancel}
		/>
	);
}
