/** A scrolling unified diff (the fan-out comparison's `d`): the lists' keys scroll, cancel goes back. */
import { Box, Text } from "ink";
import React, { useState } from "react";
import { actionOf, isCancel, keysLabel } from "../input/keymap.js";
import { useKeys } from "../input/use-keys.js";
import { useKeymap } from "../input/use-keymap.js";
import { diffColor, visibleLine } from "../widgets/diff-line.js";

const SCROLL = ["list.up", "list.down", "list.pageUp", "list.pageDown", "list.first", "list.last"] as const;

export function DiffView({ lines, title, rows, onClose }: { lines: readonly string[]; title: string; rows: number; onClose(): void }) {
	const keymap = useKeymap();
	const page = Math.max(3, rows - 3);
	const last = Math.max(0, lines.length - page);
	const [top, setTop] = useState(0);
	useKeys((event) => {
		if (isCancel(event, keymap)) return onClose();
		const action = actionOf(keymap, SCROLL, event);
		if (!action) return;
		const to = { "list.up": top - 1, "list.down": top + 1, "list.pageUp": top - page, "list.pageDown": top + page, "list.first": 0, "list.last": last }[action];
		setTop(Math.max(0, Math.min(last, to)));
	});
	return (
		<Box flexDirection="column" marginTop={1}>
			{lines.slice(top, top + page).map((line, i) => <Text key={top + i} color={diffColor(line)} wrap="truncate-end">{visibleLine(line) || " "}</Text>)}
			<Text dimColor wrap="truncate-end">{`(${title} · lines ${top + 1}–${Math.min(lines.length, top + page)} of ${lines.length} · ${keysLabel(keymap, "dialog.cancel", { atMost: 1 })} back)`}</Text>
		</Box>
	);
}
