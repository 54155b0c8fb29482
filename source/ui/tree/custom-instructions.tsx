import { Box, Text } from "ink";
import { isCancel, isEnter } from "../input/key-event.js";
import { useKeys } from "../input/use-keys.js";
import { LineField, useTextField } from "../editor/line-field.js";

export type CustomInstructionsProps = {
	text: string;
	active: boolean;
	onChange: (text: string) => void;
	onSubmit: () => void;
	onBack: () => void;
};

/**
 * Multi-line editor for extra summary instructions: Enter submits, Shift+Enter, Alt+Enter or
 * Ctrl+J adds a line, a paste is inserted as it is, Esc goes back to the summary prompt.
 */
export function CustomInstructions(props: CustomInstructionsProps) {
	const input = useTextField(props.text, { multiline: true, onChange: props.onChange });
	useKeys(
		(event) => {
			if (isCancel(event)) return props.onBack();
			if (isEnter(event)) return props.onSubmit();
			input.edit(event);
		},
		{ isActive: props.active },
	);
	return (
		<Box flexDirection="column">
			<Text bold>Custom summary instructions</Text>
			<Text dimColor>Enter submit · Shift+Enter or Ctrl+J new line · Esc back</Text>
			<LineField label="> " everyLine field={input.field} active={props.active} />
		</Box>
	);
}
