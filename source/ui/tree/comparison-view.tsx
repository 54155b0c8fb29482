import { Spinner } from "@inkjs/ui";
import { Box, Text } from "ink";
import React, { useMemo, useState } from "react";
import { planComparison, type BranchComparison } from "../../navigation/compare.js";
import { formatComparison } from "../../navigation/compare-format.js";
import type { SessionTreeView } from "../../session/api.js";
import { terminalText } from "../../text/terminal-text.js";
import { actionOf, hintLine, isPlainCancel, keysLabel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { useComparisonSummary, type ComparisonSummary } from "./use-comparison-summary.js";
import { treeWindowSize } from "./tree-selector.js";
import { errorMessage } from "../../text/error-text.js";

type Props = {
	view: SessionTreeView;
	a: string;
	b: string;
	rows: number;
	cols: number;
	onClose(): void;
};

const SCROLL = ["compare.up", "compare.down", "compare.pageUp", "compare.pageDown"] as const;


function layout(view: SessionTreeView, a: string, b: string, cols: number): { comparison?: BranchComparison; lines: string[] } {
	try {
		const comparison = planComparison(view, a, b);
		return { comparison, lines: terminalText(formatComparison(view, comparison, cols - 1)).split("\n") };
	} catch (error) {
		return { lines: [errorMessage(error)] };
	}
}

function SummaryLine({ summary, cancelKey }: { summary: ComparisonSummary; cancelKey: string }) {
	switch (summary.kind) {
		case "none":
			return summary.notice ? <Text>{summary.notice}</Text> : null;
		case "running":
			return <Spinner label={`Comparing with the summary model… (${cancelKey} to cancel)`} />;
		case "failed":
			return <Text color="red">{summary.message}</Text>;
		case "done":
			return null;
		default: {
			const never: never = summary;
			return never;
		}
	}
}

/**
 * Two branches from their common ancestor, laid out as `arbor compare` prints them for this
 * terminal's width (side by side from 84 columns, stacked below). ↑↓ PgUp PgDn scroll; `s` asks the
 * summary model for a comparison (shown below it, scrolled into view when it arrives); Esc cancels
 * that, else returns to the tree.
 */
export function ComparisonView(props: Props) {
	const { view, a, b, rows, cols } = props;
	const { comparison, lines: base } = useMemo(() => layout(view, a, b, cols), [view, a, b, cols]);
	const { summary, start, cancel } = useComparisonSummary();
	const shownSummary = summary.kind === "done" ? summary.text : undefined;
	const lines = shownSummary !== undefined ? [...base, "", ...terminalText(shownSummary).split("\n")] : base;
	// `seen`: the summary the user has scrolled with; a newly arrived one is scrolled into view.
	const [scroll, setScroll] = useState<{ top: number; seen?: string }>({ top: 0 });
	const page = treeWindowSize(rows); // the tree's window: the comparison replaces it on screen
	const last = Math.max(0, lines.length - page);
	const top = shownSummary !== undefined && scroll.seen !== shownSummary ? Math.min(last, base.length + 1) : Math.min(last, scroll.top);
	const { keymap, is } = useKeyAction();
	useKeys((event) => {
		if (isPlainCancel(event, keymap)) return summary.kind === "running" ? cancel() : props.onClose();
		if (is("compare.summarize", event) && summary.kind !== "running" && comparison) return start(a, b);
		const action = actionOf(keymap, SCROLL, event);
		const delta = { "compare.up": -1, "compare.down": 1, "compare.pageUp": -page, "compare.pageDown": page, none: 0 }[action ?? "none"];
		if (delta !== 0) setScroll({ top: Math.max(0, Math.min(last, top + delta)), seen: shownSummary });
	});
	return (
		<Box flexDirection="column">
			<Text bold wrap="truncate-end">{`Compare ${a} ↔ ${b}`}</Text>
			<Text dimColor wrap="truncate-end">{hintLine(keymap, [[["compare.up", "compare.down"], ""], [["compare.pageUp"], ""], [["compare.pageDown"], "scroll"], [["compare.summarize"], "ask the summary model"], [["dialog.cancel"], "back to the tree"]])}</Text>
			{lines.slice(top, top + page).map((line, i) => (
				<Text key={top + i} wrap="truncate-end">{line === "" ? " " : line}</Text>
			))}
			{lines.length > page ? <Text dimColor>{`(lines ${top + 1}–${Math.min(lines.length, top + page)} of ${lines.length})`}</Text> : null}
			<SummaryLine summary={summary} cancelKey={keysLabel(keymap, "dialog.cancel", { atMost: 1 })} />
		</Box>
	);
}
