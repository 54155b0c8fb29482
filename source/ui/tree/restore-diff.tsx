import { Box, Text } from "ink";
import React, { useMemo, useState } from "react";
import { terminalText } from "../../text/terminal-text.js";
import { actionOf, hintLine, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { previewLines, SCROLL_KEYS, scrolled } from "../chat/confirm-prompt.js";

/**
 * One file's diff in the restore question (`now → this point`). It scrolls as the tool
 * confirmation's preview does: ↑↓ a line, PgUp/PgDn a page, Home/End, with `lines 21–40 of 82`;
 * Esc or Enter goes back to the question. The title and the hint always stay on the screen.
 */
export function RestoreDiff(props: { path: string; text: string; rows: number; cols: number; active: boolean; onClose(): void }) {
	const { keymap, is } = useKeyAction();
	const [top, setTop] = useState(0);
	const lines = useMemo(() => previewLines(props.text, props.cols), [props.text, props.cols]);
	// The title, the position line, the hint and the status line below the screen take a row each.
	const page = Math.max(3, props.rows - 4);
	const start = Math.min(top, Math.max(0, lines.length - page));
	useKeys(
		(event) => {
			if (isCancel(event, keymap) || is("dialog.accept", event)) return props.onClose();
			const scroll = actionOf(keymap, SCROLL_KEYS, event);
			if (scroll) setTop(scrolled(scroll, start, page, lines.length));
		},
		{ isActive: props.active },
	);
	const more = lines.length > page;
	const position = `lines ${start + 1}–${Math.min(lines.length, start + page)} of ${lines.length}`;
	const keys = more ? [[["confirm.up", "confirm.down"], ""], [["confirm.pageUp"], ""], [["confirm.pageDown"], ""], [["confirm.first"], ""], [["confirm.last"], "scroll"], [["dialog.cancel"], "back"]] as const : [[["dialog.cancel"], "back"]] as const;
	return (
		<Box flexDirection="column">
			<Text bold wrap="truncate">{`Diff of ${terminalText(props.path)} (now → this point)`}</Text>
			{lines.slice(start, start + page).map((line, i) => (
				<Text key={start + i} color={line.color} wrap="truncate">
					{line.text || " "}
				</Text>
			))}
			<Text dimColor wrap="truncate">{more ? `${position} · ${hintLine(keymap, keys)}` : hintLine(keymap, keys)}</Text>
		</Box>
	);
}
