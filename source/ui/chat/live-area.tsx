import { Spinner } from "@inkjs/ui";
import { Box, Text } from "ink";
import React, { useEffect } from "react";
import { must } from "../../text/must.js";
import { terminalLine, terminalTextSoFar } from "../../text/terminal-text.js";
import { cutToWidth, displayWidth } from "../../text/text-width.js";
import { describeToolCall } from "../../tools/describe.js";
import type { ToolName } from "../../tools/policy.js";
import { elapsedSeconds, useClock } from "../widgets/use-clock.js";
import type { AppState } from "./app-reducer.js";
import { loadHighlighter } from "../markdown/highlight.js";
import { MarkdownView } from "../widgets/markdown-view.js";
import { keysLabel } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import type { TaskBoard } from "../../tasks/task-board.js";
import { TaskLines } from "../tasks/task-lines.js";

type Props = {
	live: AppState["live"];
	running: AppState["running"];
	busy: AppState["busy"];
	/** Rows the streaming text may take; the tail is shown so the area never outgrows the screen. */
	maxLines: number;
	cols: number;
	clock?: () => number;
	/** The running tasks, shown under the tool calls (Ctrl+O: each one's tool calls). */
	tasks?: TaskBoard;
	expanded?: boolean;
};

/** The last `maxLines` terminal rows of `text`, counting wrapped rows at `cols`. */
export function tailLines(text: string, maxLines: number, cols: number): string {
	const lines = text.split("\n");
	const kept: string[] = [];
	let rows = 0;
	for (let i = lines.length - 1; i >= 0; i--) {
		const line = must(lines[i], "line");
		const lineRows = Math.max(1, Math.ceil(displayWidth(line) / Math.max(1, cols)));
		if (rows + lineRows > maxLines) {
			if (kept.length === 0) kept.unshift(line.slice(-maxLines * cols));
			break;
		}
		kept.unshift(line);
		rows += lineRows;
	}
	return kept.join("\n");
}

const seconds = (now: number, since: number) => `${elapsedSeconds(now, since)}s`;

/** A spinner row cut to `cols`: the spinner frame and its space take two columns. */
function SpinnerRow({ label, cols }: { label: string; cols: number }) {
	return (
		<Box width={cols}>
			<Spinner label={cutToWidth(terminalLine(label), Math.max(1, cols - 2))} />
		</Box>
	);
}

/** The streaming reply and running tools, below the printed transcript. */
export function LiveArea({ live, running, busy, maxLines, cols, clock = Date.now, tasks, expanded = false }: Props) {
	const keymap = useKeymap();
	const active = busy !== null;
	const now = useClock(active, clock);
	// A reply may bring code: start loading the highlighter (never before the first frame) so the
	// reply is highlighted when it is printed, even when it finishes quickly.
	useEffect(() => {
		if (active) void loadHighlighter();
	}, [active]);
	if (busy === null) return null;
	const text = live?.text ?? "";
	const waiting = text === "" && running.length === 0;
	const thinking = live?.thinkingChars ?? 0;
	const stop = keysLabel(keymap, "prompt.stop", { atMost: 1 });
	return (
		<Box flexDirection="column" marginTop={1} width={cols}>
			{thinking > 0 && text === "" && <Text dimColor italic>{`thinking… (${thinking} chars)`}</Text>}
			{text !== "" && <MarkdownView text={tailLines(terminalTextSoFar(text), maxLines, cols)} width={cols} />}
			{running.map((tool) => (
				<SpinnerRow key={tool.toolCallId} cols={cols} label={`${describeToolCall(tool.toolName as ToolName, tool.args)} (${seconds(now, tool.startedAt)})`} />
			))}
			<TaskLines board={tasks} expanded={expanded} cols={cols} />
			{waiting && (
				<SpinnerRow
					cols={cols}
					label={
						busy.kind === "compact"
							? `Compacting… (${stop} to cancel)`
							: busy.kind === "bash"
								? `$ ${terminalLine(busy.command)} (${seconds(now, busy.startedAt)} · ${stop} to cancel)`
								: busy.finishing
								? `Finishing… (${seconds(now, busy.startedAt)})`
								: `Working… (${seconds(now, busy.startedAt)} · ${stop} to abort)`
					}
				/>
			)}
		</Box>
	);
}
