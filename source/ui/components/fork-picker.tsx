import { Box, Text, useInput } from "ink";
import React, { useMemo, useState } from "react";
import type { SessionTreeView } from "../../session/api.js";
import type { SessionEntry, UserMessage } from "../../session/types.js";
import { contentText } from "../../session/content.js";
import { PickList } from "./pick-list.js";

/** User messages of every branch in file order (newest last), with their text. */
export function userMessages(view: SessionTreeView): { entry: SessionEntry; text: string }[] {
	const out: { entry: SessionEntry; text: string }[] = [];
	for (const entry of view.entries) {
		if (entry.type !== "message") continue;
		const message = entry.message as { role: string };
		if (message.role === "user") out.push({ entry, text: contentText((message as UserMessage).content) });
	}
	return out;
}

/** /fork: pick a user message (newest selected); Enter forks the session before it. */
export function ForkPicker(props: { view: SessionTreeView; rows: number; onPick(entry: SessionEntry, text: string): void; onCancel(): void }) {
	const items = useMemo(() => userMessages(props.view), [props.view]);
	const [index, setIndex] = useState(items.length - 1);
	useInput((input, key) => {
		if (key.escape || (key.ctrl && input === "c")) return props.onCancel();
		if (key.return) return items[index] ? props.onPick(items[index].entry, items[index].text) : undefined;
		if (key.upArrow) return setIndex((index - 1 + items.length) % items.length);
		if (key.downArrow) return setIndex((index + 1) % items.length);
	});
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold>Fork from a user message (↑↓ move, Enter forks, Esc cancels)</Text>
			<PickList rows={items.map((i) => i.text.replace(/\s+/g, " ").trim())} selected={index} size={Math.max(5, props.rows - 6)} />
		</Box>
	);
}
