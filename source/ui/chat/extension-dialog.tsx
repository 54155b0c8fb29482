import { Box, Text } from "ink";
import React, { useEffect, useLayoutEffect, useState } from "react";
import type { DialogRequest } from "../../extensions/dialogs.js";
import { terminalLine } from "../../text/terminal-text.js";
import { wrapLine } from "../../text/word-wrap.js";
import { LineField, useTextField } from "../editor/line-field.js";
import { isCancel, keysLabel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { ListPicker } from "../pickers/list-picker.js";
import type { KeyEvent } from "../input/key-event.js";
import { TYPE_AHEAD_NOTE, type TypeAhead } from "../input/type-ahead.js";

/** An extension's dialog on the screen, and how it is answered (undefined: cancelled). */
export type OpenDialog = { id: number; request: DialogRequest; answer(value: unknown): void };

/** The box's borders and padding, left and right. */
const BOX_SIDES = 4;

/**
 * An extension's confirm, select or input (ctx.ui), in a box over whatever screen is open: it takes
 * every key while shown and the screen under it stays as it was. Enter answers, Esc cancels. Texts
 * are an extension's: shown sanitized, a message word-wrapped whole. Like a tool's confirmation it
 * appears on its own: while the user types (`typeAhead`), keys go on to the editor and the dialog
 * says so; only Esc and Ctrl+C act at once.
 */
export function ExtensionDialog({ dialog, rows, cols, typeAhead }: { dialog: OpenDialog; rows: number; cols: number; typeAhead?: TypeAhead }) {
	const { request, answer } = dialog;
	const { keymap } = useKeyAction();
	const [typedAhead, setTypedAhead] = useState(() => typeAhead?.opened((event) => isCancel(event, keymap), { bursts: request.kind !== "input" }) ?? false);
	useLayoutEffect(() => () => typeAhead?.closed(), [typeAhead]);
	useEffect(() => (typedAhead && typeAhead ? typeAhead.whenClosed(() => setTypedAhead(false)) : undefined), [typedAhead, typeAhead]);
	const passes = (event: KeyEvent) => {
		const ahead = typeAhead?.isAhead(event) === true;
		if (ahead && !typedAhead) setTypedAhead(true);
		return ahead;
	};
	const width = Math.max(10, cols - BOX_SIDES);
	const title = terminalLine(request.title) || "An extension asks";
	const hint = [keysLabel(keymap, "dialog.accept", { atMost: 1 }), keysLabel(keymap, "dialog.cancel", { atMost: 1 })];
	return (
		<Box flexDirection="column" borderStyle="round" paddingX={1} width={cols}>
			<Text bold wrap="truncate-end">{title}</Text>
			{request.kind === "confirm" && request.message !== undefined
				? request.message.split("\n").flatMap((line, i) => wrapLine(terminalLine(line), width).map((part, j) => <Text key={`${i}-${j}`}>{part}</Text>))
				: null}
			{request.kind === "input" ? (
				<InputDialog placeholder={request.placeholder} answer={answer} passes={passes} />
			) : (
				<ListPicker
					labels={request.kind === "confirm" ? ["Yes", "No"] : request.options.map((o) => terminalLine(o))}
					size={request.kind === "confirm" ? 2 : Math.max(3, Math.min(request.options.length, rows - 8))}
					exclusive
					passes={passes}
					onPick={(index) => answer(request.kind === "confirm" ? index === 0 : request.options[index])}
					onCancel={() => answer(request.kind === "confirm" ? false : undefined)}
				/>
			)}
			<Text dimColor wrap="truncate-end">{typedAhead ? TYPE_AHEAD_NOTE : `${hint[0] || "Enter"} answers · ${hint[1] || "Esc"} cancels`}</Text>
		</Box>
	);
}

function InputDialog({ placeholder, answer, passes }: { placeholder?: string; answer(value: unknown): void; passes(event: KeyEvent): boolean }) {
	const field = useTextField("");
	const { keymap, is } = useKeyAction();
	useKeys(
		(event) => {
			if (isCancel(event, keymap)) return answer(undefined);
			if (is("dialog.accept", event)) return answer(field.field.text);
			field.edit(event);
		},
		{ exclusive: true, passes },
	);
	return (
		<Box flexDirection="column">
			<LineField label="› " field={field.field} active />
			{field.field.text === "" && placeholder ? <Text dimColor wrap="truncate-end">{terminalLine(placeholder)}</Text> : null}
		</Box>
	);
}
