import { Box, Text } from "ink";
import { Spinner } from "@inkjs/ui";
import { useSummarizingScreen } from "./use-summarizing-screen.js";

/** `Summarizing branch… (Esc to cancel)` with a spinner and the elapsed seconds. */
export function TreeSummarizing(props: { startedAt: number; active: boolean; onCancel: () => void }) {
	const elapsed = useSummarizingScreen({ active: props.active, startedAt: props.startedAt, onCancel: props.onCancel });
	return (
		<Box>
			<Spinner label="Summarizing branch… (Esc to cancel)" />
			<Text dimColor>{` ${elapsed}s`}</Text>
		</Box>
	);
}
