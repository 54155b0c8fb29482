import { Box, Text } from "ink";
import React from "react";
import { stripControls, terminalText } from "../../text/terminal-text.js";
import { answerOf, hintLine, isCancel, keysLabel } from "../input/keymap.js";
import { useKeyAction, useKeymap } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { LineField, useTextField } from "../editor/line-field.js";

/** Ctrl+R in the session picker: the new name, prefilled; Enter saves (empty keeps the name), Esc cancels. */
export function RenameSession(props: { label: string; initial: string; onSave(name: string): void; onCancel(): void }) {
	const input = useTextField(stripControls(props.initial, { singleLine: true }));
	const { keymap, is } = useKeyAction();
	useKeys((event) => {
		if (isCancel(event, keymap)) return props.onCancel();
		if (is("dialog.accept", event)) return props.onSave(input.field.text.trim());
		input.edit(event);
	});
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold wrap="truncate-end">{terminalText(`Rename ${props.label}`)}</Text>
			<LineField label="Name: " field={input.field} active suffix={`  (${hintLine(keymap, [[["dialog.accept"], "save"], [["dialog.cancel"], "cancel"]])})`} />
		</Box>
	);
}

/** Ctrl+D in the session picker: `picker.trashYes` (`y`) moves the file to the trash, anything else keeps it. */
export function ConfirmTrash(props: { label: string; onAnswer(yes: boolean): void }) {
	const keymap = useKeymap();
	useKeys((event) => props.onAnswer(answerOf(keymap, ["picker.trashYes"], event) !== undefined));
	const yes = keysLabel(keymap, "picker.trashYes", { atMost: 1 });
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold wrap="truncate-end">{terminalText(`Move ${props.label} to the trash ($ARBOR_HOME/trash)? (${yes}/n)`)}</Text>
		</Box>
	);
}
