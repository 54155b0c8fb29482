import { Box, Text } from "ink";
import { Spinner } from "@inkjs/ui";
import { useSummarizingScreen } from "./use-summarizing-screen.js";
import { keysLabel } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";

/** `Summarizing branch… (Esc to cancel)` with a spinner and the elapsed seconds. */
export function TreeSummarizing(props: { startedAt: number; active: boolean; onCancel: () => void }) {
	const elapsed = useSummarizingScreen({ active: props.active, startedAt: props.startedAt, onCancel: props.onCancel });
	return (
		<Box>
			<Spinner label={`Summarizing branch… (${keysLabel(useKeymap(), "dialog.cancel", { atMost: 1 })} to cancel)`} />
			<Text dimColor>{` ${elapsed}s`}</Text>
		</Box>
	);
}
