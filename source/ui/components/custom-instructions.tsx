import { Box, Text, useInput, type Key } from "ink";
import { stripControls } from "../../session/terminal-text.js";

export type CustomInstructionsProps = {
	text: string;
	active: boolean;
	onChange: (text: string) => void;
	onSubmit: () => void;
	onBack: () => void;
};

/** The text after one key press, or undefined when the key is not an edit. Exported for tests. */
export function editInstructions(text: string, input: string, key: Key): string | undefined {
	// Enter submits; Shift/Alt+Enter (where reported) and Ctrl+J (`\n`) insert a newline.
	if (key.return && (key.shift || key.meta)) return `${text}\n`;
	if (input === "\n" || (key.ctrl && input === "j")) return `${text}\n`;
	if (key.backspace || key.delete) return [...text].slice(0, -1).join("");
	if (key.ctrl || key.meta || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return undefined;
	const typed = stripControls(input).replace(/\t/g, "");
	return typed === "" ? undefined : text + typed;
}

/**
 * Multi-line editor for extra summary instructions: Enter submits, Shift+Enter or Ctrl+J adds a
 * line, Esc goes back to the summary prompt. Edits only at the end (a short instruction field).
 */
export function CustomInstructions(props: CustomInstructionsProps) {
	useInput(
		(input, key) => {
			if (key.escape) return props.onBack();
			if (key.return && !key.shift && !key.meta) return props.onSubmit();
			const next = editInstructions(props.text, input, key);
			if (next !== undefined) props.onChange(next);
		},
		{ isActive: props.active },
	);
	const lines = props.text.split("\n");
	return (
		<Box flexDirection="column">
			<Text bold>Custom summary instructions</Text>
			<Text dimColor>Enter submit · Shift+Enter or Ctrl+J new line · Esc back</Text>
			{lines.map((line, i) => (
				<Text key={i}>{`> ${line}${i === lines.length - 1 ? "▏" : ""}`}</Text>
			))}
		</Box>
	);
}
