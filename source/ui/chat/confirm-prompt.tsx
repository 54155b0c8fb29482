import { Box, Text } from "ink";
import React, { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { must } from "../../text/must.js";
import { terminalLine } from "../../text/terminal-text.js";
import { actionOf, hintLine, isCancel, type KeyAction } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import type { KeyEvent } from "../input/key-event.js";
import { TYPE_AHEAD_NOTE, type TypeAhead } from "../input/type-ahead.js";
import { diffColor, visibleLine } from "../widgets/diff-line.js";
import { wrapLine } from "../../text/word-wrap.js";
import type { ConfirmRequest } from "./app-reducer.js";

type Answer = "yes" | "no" | "always";
const OPTIONS: { answer: Answer; label: string; action: KeyAction }[] = [
	{ answer: "yes", label: "Yes", action: "confirm.yes" },
	{ answer: "no", label: "No", action: "confirm.no" },
	{ answer: "always", label: "Always (this session)", action: "confirm.always" },
];

/**
 * Rows the chat keeps for everything but the preview while a confirmation shows: the box's margin,
 * borders, header, position and choices (6), the status line, and the live area above (its margin,
 * up to CONFIRM_LIVE_LINES of streamed text, the running tool's row) with one row to spare.
 */
export const CONFIRM_LIVE_LINES = 3;
const RESERVED_ROWS = 6 + 1 + (2 + CONFIRM_LIVE_LINES) + 1;

/** The box's borders and padding, left and right. */
const BOX_SIDES = 4;

/**
 * The preview's rows at `width` columns: every line whole, word-wrapped (a command, a diff line or
 * a file's line is never cut: what is allowed is what is shown), a diff's rows coloured by their
 * line's sign and other rows dimmed; control characters visible (see visibleLine).
 */
export function previewLines(preview: string | undefined, width: number): { text: string; color?: "green" | "red" }[] {
	if (preview === undefined) return [];
	return preview.split("\n").flatMap((raw) => {
		const line = visibleLine(raw);
		const color = diffColor(line);
		return wrapLine(line, Math.max(1, width)).map((text) => ({ text, ...(color ? { color } : {}) }));
	});
}

/** Preview rows shown at once for a terminal of `rows` rows (at least 3). */
export const previewRows = (rows: number) => Math.max(3, rows - RESERVED_ROWS);

export const SCROLL_KEYS = ["confirm.up", "confirm.down", "confirm.pageUp", "confirm.pageDown", "confirm.first", "confirm.last"] as const;

/** The first line shown after a scroll key: clamped so the window stays full. */
export function scrolled(action: (typeof SCROLL_KEYS)[number], top: number, page: number, total: number): number {
	const last = Math.max(0, total - page);
	const to = { "confirm.up": top - 1, "confirm.down": top + 1, "confirm.pageUp": top - page, "confirm.pageDown": top + page, "confirm.first": 0, "confirm.last": last }[action];
	return Math.min(last, Math.max(0, to));
}

/**
 * `Allow <description>?` above what the call would do (diff, content, command), with yes / no /
 * always. The header and the choices always stay on the screen: a long preview scrolls inside the
 * box (`lines 21–40 of 82`), and the call can be answered at any scroll position. Esc stops the
 * whole turn (as while streaming); Ctrl+C answers no.
 *
 * `typeAhead`: the question appears on its own, often while the user types their next message.
 * While they type (and for a paste, or several characters in one read, at any time) keys go on
 * to the editor, which keeps or queues them (see input/type-ahead.ts); only Esc and Ctrl+C act at
 * once. The choices are dimmed, with a note, until the typing pauses.
 */
export function ConfirmPrompt(props: { request: ConfirmRequest; onAnswer(a: Answer): void; onAbort(): void; rows?: number; cols?: number; typeAhead?: TypeAhead }) {
	const { request, onAnswer, onAbort, rows = 24, cols = 80, typeAhead } = props;
	const [index, setIndex] = useState(0);
	const [top, setTop] = useState(0);
	const { keymap, is } = useKeyAction();
	const lines = useMemo(() => previewLines(request.preview, cols - BOX_SIDES), [request.preview, cols]);
	const page = previewRows(rows);
	const start = Math.min(top, Math.max(0, lines.length - page));
	const stopsNow = (event: KeyEvent) => is("prompt.stop", event) || isCancel(event, keymap);
	// The note shows while keys go on to the editor: from the start when the user was typing as the
	// question appeared, else from the first key passed on; until the typing pauses.
	const [typedAhead, setTypedAhead] = useState(() => typeAhead?.opened(stopsNow) ?? false);
	useLayoutEffect(() => () => typeAhead?.closed(), [typeAhead]);
	useEffect(() => (typedAhead && typeAhead ? typeAhead.whenClosed(() => setTypedAhead(false)) : undefined), [typedAhead, typeAhead]);
	useKeys((event) => {
		if (typeAhead?.isAhead(event)) return setTypedAhead(true);
		if (event.kind === "paste") return;
		const key = event.kind === "text" ? { kind: "text" as const, text: event.text.toLowerCase() } : event;
		const direct = OPTIONS.find((o) => is(o.action, key));
		if (direct) return onAnswer(direct.answer);
		if (event.kind === "text") return;
		if (is("prompt.stop", event)) return onAbort();
		if (isCancel(event, keymap)) return onAnswer("no");
		if (is("dialog.accept", event)) return onAnswer(must(OPTIONS[index], "selected option").answer);
		if (is("confirm.previous", event)) return setIndex((index + OPTIONS.length - 1) % OPTIONS.length);
		if (is("confirm.next", event)) return setIndex((index + 1) % OPTIONS.length);
		const scroll = actionOf(keymap, SCROLL_KEYS, event);
		if (scroll) setTop(scrolled(scroll, start, page, lines.length));
	});
	const more = lines.length > page;
	const position = `lines ${start + 1}–${Math.min(lines.length, start + page)} of ${lines.length} · ${hintLine(keymap, [[["confirm.up", "confirm.down"], ""], [["confirm.pageUp"], ""], [["confirm.pageDown"], ""], [["confirm.first"], ""], [["confirm.last"], "scroll"]])}`;
	return (
		<Box flexDirection="column" marginTop={1} borderStyle="round" borderColor="yellow" paddingX={1}>
			<Text bold wrap="truncate-end">{terminalLine(`Allow ${request.description}?`)}</Text>
			{lines.slice(start, start + page).map((line, i) => (
				<Text key={start + i} color={line.color} dimColor={line.color === undefined}>
					{line.text === "" ? " " : line.text}
				</Text>
			))}
			{more && <Text dimColor wrap="truncate-end">{position}</Text>}
			<Text wrap="truncate-end" dimColor={typedAhead}>
				{OPTIONS.map((o, i) => (
					<Text key={o.answer} inverse={i === index && !typedAhead}>{` ${o.label} (${hintLine(keymap, [[[o.action], ""]])}) `}</Text>
				))}
			</Text>
			{/* A line of its own: at the end of the options a narrow box cut it off, and keys went to the editor unsaid. */}
			{typedAhead && <Text dimColor wrap="truncate-end">{TYPE_AHEAD_NOTE}</Text>}
		</Box>
	);
}
