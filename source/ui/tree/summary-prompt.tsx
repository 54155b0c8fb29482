import { Box, Text } from "ink";
import { hintLine, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { SUMMARY_OPTIONS } from "./tree-flow.js";

type SummaryPromptProps = {
	/** Index into SUMMARY_OPTIONS (first preselected by the flow). */
	option: number;
	error?: string;
	active: boolean;
	onMove: (delta: number) => void;
	onChoose: (option: number) => void;
	onBack: () => void;
};

/**
 * `Summarize the branch you're leaving?` with three options; ↑↓ Enter, Esc back to the tree. Keys
 * arrive one at a time after the previous one was rendered, so Enter chooses the option shown.
 */
export function SummaryPrompt(props: SummaryPromptProps) {
	const { keymap, is } = useKeyAction();
	useKeys(
		(event) => {
			if (is("list.up", event)) props.onMove(-1);
			else if (is("list.down", event)) props.onMove(1);
			else if (is("dialog.accept", event)) props.onChoose(props.option);
			else if (isCancel(event, keymap)) props.onBack();
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
			<Text dimColor>{hintLine(keymap, [[["list.up", "list.down"], "move"], [["dialog.accept"], "choose"], [["dialog.cancel"], "back"]])}</Text>
			{props.error ? <Text color="red">{props.error}</Text> : null}
		</Box>
	);
}
