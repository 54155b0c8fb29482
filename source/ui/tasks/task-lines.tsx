import { Box, Text } from "ink";
import React, { useSyncExternalStore } from "react";
import type { TaskBoard } from "../../tasks/task-board.js";
import { terminalLine } from "../../text/terminal-text.js";
import { cutToWidth } from "../../text/text-width.js";

type Props = { board: TaskBoard | undefined; expanded: boolean; cols: number };

/**
 * The running tasks in the live area (docs/tasks.md): one line each — its description and its last
 * tool call, a nested task indented under its parent's — and with Ctrl+O (`expanded`) every tool
 * call it made, below it.
 */
export function TaskLines({ board, expanded, cols }: Props) {
	const tasks = useSyncExternalStore(board?.subscribe ?? noSubscribe, board?.snapshot ?? none);
	if (tasks.length === 0) return null;
	const cut = (text: string) => cutToWidth(terminalLine(text), Math.max(1, cols));
	return (
		<Box flexDirection="column" width={cols}>
			{tasks.map((task) => {
				const indent = "  ".repeat(Math.max(0, task.depth - 1));
				const last = task.lines[task.lines.length - 1] ?? "starting…";
				return (
					<Box key={task.id} flexDirection="column">
						<Text>{cut(`${indent}↳ task: ${task.description} · ${expanded ? `${task.lines.length} tool calls` : last}`)}</Text>
						{expanded && task.lines.map((line, i) => <Text key={i} dimColor>{cut(`${indent}    ${line}`)}</Text>)}
					</Box>
				);
			})}
		</Box>
	);
}

const noSubscribe = () => () => {};
const empty: readonly never[] = [];
const none = () => empty;
