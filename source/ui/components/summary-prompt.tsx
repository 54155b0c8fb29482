import { Box, Text, useInput } from "ink";
import { SUMMARY_OPTIONS } from "../state/tree-flow.js";

export type SummaryPromptProps = {
	/** Index into SUMMARY_OPTIONS (first preselected by the flow). */
	option: number;
	error?: string;
	active: boolean;
	onMove: (delta: number) => void;
	onChoose: (option: number) => void;
	onBack: () => void;
};

/** `Summarize the branch you're leaving?` with three options; ↑↓ Enter, Esc back to the tree. */
export function SummaryPrompt(props: SummaryPromptProps) {
	useInput(
		(input, key) => {
			if (key.upArrow) props.onMove(-1);
			else if (key.downArrow) props.onMove(1);
			else if (key.return) props.onChoose(props.option);
			else if (key.escape || (key.ctrl && input === "c")) props.onBack();
		},
		{ isActive: props.active },
	);
	return (
		<Box flexDirection="column">
			<Text bold>Summarize the branch you're leaving?</Text>
			{SUMMARY_OPTIONS.map((label, i) => (
				<Text key={label} bold={i === props.option} inverse={i === props.option}>
					{`${i === props.option ? "› " : "  "}${label}`}
				</Text>
			))}
			<Text dimColor>↑↓ move · Enter choose · Esc back</Text>
			{props.error ? <Text color="red">{props.error}</Text> : null}
		</Box>
	);
}
