import { Box, Text } from "ink";
import { hintLine, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { LineField, useTextField } from "../editor/line-field.js";

type CustomInstructionsProps = {
	text: string;
	active: boolean;
	onChange: (text: string) => void;
	onSubmit: () => void;
	onBack: () => void;
};

/**
 * Multi-line editor for extra summary instructions: Enter submits, Shift+Enter, Ctrl+Enter or
 * Ctrl+J adds a line, a paste is inserted as it is, Esc goes back to the summary prompt.
 */
export function CustomInstructions(props: CustomInstructionsProps) {
	const input = useTextField(props.text, { multiline: true, onChange: props.onChange });
	const { keymap, is } = useKeyAction();
	useKeys(
		(event) => {
			if (isCancel(event, keymap)) return props.onBack();
			if (is("dialog.accept", event)) return props.onSubmit();
			input.edit(event);
		},
		{ isActive: props.active },
	);
	return (
		<Box flexDirection="column">
			<Text bold>Custom summary instructions</Text>
			<Text dimColor>{hintLine(keymap, [[["dialog.accept"], "submit"], [["line.newLine"], "new line", { atMost: 2, sep: " or " }], [["dialog.cancel"], "back"]])}</Text>
			<LineField label="> " everyLine field={input.field} active={props.active} />
		</Box>
	);
}
