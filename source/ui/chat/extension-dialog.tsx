import { Box, Text } from "ink";
import React from "react";
import type { DialogRequest } from "../../extensions/dialogs.js";
import { terminalLine } from "../../text/terminal-text.js";
import { wrapLine } from "../../text/word-wrap.js";
import { LineField, useTextField } from "../editor/line-field.js";
import { isCancel, keysLabel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { ListPicker } from "../pickers/list-picker.js";

/** An extension's dialog on the screen, and how it is answered (undefined: cancelled). */
export type OpenDialog = { id: number; request: DialogRequest; answer(value: unknown): void };

/** The box's borders and padding, left and right. */
const BOX_SIDES = 4;

/**
 * An extension's confirm, select or input (ctx.ui), in a box over whatever screen is open: it takes
 * every key while shown and the screen under it stays as it was. Enter answers, Esc cancels. Texts
 * are an extension's: shown sanitized, a message word-wrapped whole.
 */
export function ExtensionDialog({ dialog, rows, cols }: { dialog: OpenDialog; rows: number; cols: number }) {
	const { request, answer } = dialog;
	const width = Math.max(10, cols - BOX_SIDES);
	const title = terminalLine(request.title) || "An extension asks";
	const { keymap } = useKeyAction();
	const hint = [keysLabel(keymap, "dialog.accept", { atMost: 1 }), keysLabel(keymap, "dialog.cancel", { atMost: 1 })];
	return (
		<Box flexDirection="column" borderStyle="round" paddingX={1} width={cols}>
			<Text bold wrap="truncate-end">{title}</Text>
			{request.kind === "confirm" && request.message !== undefined
				? request.message.split("\n").flatMap((line, i) => wrapLine(terminalLine(line), width).map((part, j) => <Text key={`${i}-${j}`}>{part}</Text>))
				: null}
			{request.kind === "input" ? (
				<InputDialog placeholder={request.placeholder} answer={answer} />
			) : (
				<ListPicker
					labels={request.kind === "confirm" ? ["Yes", "No"] : request.options.map((o) => terminalLine(o))}
					size={request.kind === "confirm" ? 2 : Math.max(3, Math.min(request.options.length, rows - 8))}
					exclusive
					onPick={(index) => answer(request.kind === "confirm" ? index === 0 : request.options[index])}
					onCancel={() => answer(request.kind === "confirm" ? false : undefined)}
				/>
			)}
			<Text dimColor wrap="truncate-end">{`${hint[0] || "Enter"} answers · ${hint[1] || "Esc"} cancels`}</Text>
		</Box>
	);
}

function InputDialog({ placeholder, answer }: { placeholder?: string; answer(value: unknown): void }) {
	const field = useTextField("");
	const { keymap, is } = useKeyAction();
	useKeys(
		(event) => {
			if (isCancel(event, keymap)) return answer(undefined);
			if (is("dialog.accept", event)) return answer(field.field.text);
			field.edit(event);
		},
		{ exclusive: true },
	);
	return (
		<Box flexDirection="column">
			<LineField label="› " field={field.field} active />
			{field.field.text === "" && placeholder ? <Text dimColor wrap="truncate-end">{terminalLine(placeholder)}</Text> : null}
		</Box>
	);
}
