import { Box, Text } from "ink";
import React from "react";
import { firstLine } from "../../text/one-line.js";
import { terminalText } from "../../text/terminal-text.js";
import { describeToolCall } from "../../tools/describe.js";
import type { ToolName } from "../../tools/policy.js";
import { THINKING_LINES, type TranscriptItem } from "./transcript.js";
import { MarkdownView } from "../widgets/markdown-view.js";
import { Prefixed } from "../widgets/prefixed.js";
import { counted } from "../../text/count.js";

/** Lines of a tool result shown under the call; the full output stays in the session file. */
const RESULT_LINES = 3;

function folded(text: string): string {
	const { line, more } = firstLine(text);
	return more ? `${line}…` : line;
}

/** `[label] first line…`: summaries are long and already known to the model, so they stay folded. */
function Collapsed({ label, text, color, width }: { label: string; text: string; color: string; width: number }) {
	return (
		<Prefixed prefix={`[${label}] `} width={width} color={color}>
			<Text dimColor>{terminalText(folded(text))}</Text>
		</Prefixed>
	);
}

/** The first lines of a tool's output, indented under the call and cut (not wrapped) at `width`. */
export function ToolResultLines({ output, isError, width }: { output: string; isError: boolean; width: number }) {
	// Tabs as spaces: Ink measures a tab as zero columns, the terminal as up to eight.
	const lines = terminalText(output).replace(/\t/g, "    ").replace(/\s+$/, "").split("\n");
	// Cut before Ink does: measuring and truncating a 60k-character line on every render is slow.
	const shown = lines.slice(0, RESULT_LINES).map((line) => (line.length > width * 2 ? line.slice(0, width * 2) : line));
	return (
		<Prefixed prefix="  " width={width}>
			{shown.map((line, i) => (
				<Text key={i} color={isError ? "red" : undefined} dimColor={!isError} wrap="truncate-end">
					{i === 0 ? "⎿ " : "  "}
					{line === "" ? " " : line}
				</Text>
			))}
			{lines.length > RESULT_LINES && <Text dimColor wrap="truncate-end">{`  … ${counted(lines.length - RESULT_LINES, "more line")}`}</Text>}
		</Prefixed>
	);
}

function ToolView({ item, width }: { item: Extract<TranscriptItem, { kind: "tool" }>; width: number }) {
	return (
		<Box flexDirection="column" width={width}>
			<Prefixed prefix="● " width={width} color={item.result?.isError ? "red" : "blue"}>
				<Text>{terminalText(describeToolCall(item.toolName as ToolName, item.args))}</Text>
			</Prefixed>
			{item.result ? <ToolResultLines {...item.result} width={width} /> : <Text dimColor>{"  ⎿ (no result)"}</Text>}
		</Box>
	);
}

/** The reasoning, dim: its first lines (sanitized), then how many more there are. */
function ThinkingLines({ thinking }: { thinking: string }) {
	const lines = terminalText(thinking).split("\n");
	const rest = lines.length - THINKING_LINES;
	return (
		<Box flexDirection="column">
			<Text dimColor italic>{lines.slice(0, THINKING_LINES).join("\n")}</Text>
			{rest > 0 && <Text dimColor italic>{`… ${counted(rest, "more line")} of thinking`}</Text>}
		</Box>
	);
}

function AssistantView({ item, width }: { item: Extract<TranscriptItem, { kind: "assistant" }>; width: number }) {
	return (
		<Box flexDirection="column" width={width}>
			{item.thinking !== "" && <ThinkingLines thinking={item.thinking} />}
			{item.text.trim() !== "" && <MarkdownView text={item.text} width={width} />}
			{item.stopReason === "aborted" && <Text color="yellow">(aborted)</Text>}
			{item.stopReason === "error" && <Text color="red">{terminalText(`(error: ${item.errorMessage ?? "unknown error"})`)}</Text>}
		</Box>
	);
}

/**
 * One finished transcript item, as printed once into the scrollback. Every text from the model, a
 * tool or the session file goes through terminalText (assistant text inside MarkdownView). Every view gets the terminal
 * width explicitly: <Static> items are laid out in an absolutely positioned box that does not
 * bound them to the screen on its own.
 */
export function MessageView({ item, width }: { item: TranscriptItem; width: number }) {
	switch (item.kind) {
		case "user":
			return (
				<Box marginTop={1} width={width}>
					<Prefixed prefix="› " width={width} color="cyan" bold>
						<Text>{terminalText(item.text)}</Text>
					</Prefixed>
				</Box>
			);
		case "assistant":
			return <Box marginTop={1} width={width}><AssistantView item={item} width={width} /></Box>;
		case "tool":
			return <ToolView item={item} width={width} />;
		case "summary":
			return <Box marginTop={1} width={width}><Collapsed label={item.label} text={item.text} color="magenta" width={width} /></Box>;
		case "custom":
			return <Box marginTop={1} width={width}><Collapsed label={item.customType} text={item.text} color="blue" width={width} /></Box>;
		case "bash":
			return (
				<Box flexDirection="column" marginTop={1} width={width}>
					<Prefixed prefix="$ " width={width} color="green">
						<Text color="green">{terminalText(item.command)}</Text>
					</Prefixed>
					<ToolResultLines output={item.output} isError={item.exitCode !== 0} width={width} />
				</Box>
			);
		case "notice":
			return <Box width={width}><Text dimColor>{terminalText(item.text)}</Text></Box>;
		default: {
			const unreachable: never = item;
			return unreachable;
		}
	}
}
