import { Box, Text } from "ink";
import React from "react";
import { describeToolCall } from "../../tools/describe.js";
import type { ToolName } from "../../tools/policy.js";
import type { TranscriptItem } from "../state/transcript.js";
import { MarkdownView } from "./markdown-view.js";

/** Lines of a tool result shown under the call; the full output stays in the session file. */
const RESULT_LINES = 3;

function firstLine(text: string): string {
	const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
	return text.trim().includes("\n") ? `${line}…` : line;
}

/** `[label] first line…`: summaries are long and already known to the model, so they stay folded. */
function Collapsed({ label, text, color }: { label: string; text: string; color: string }) {
	return (
		<Text color={color}>
			[{label}] <Text dimColor>{firstLine(text)}</Text>
		</Text>
	);
}

export function ToolResultLines({ output, isError }: { output: string; isError: boolean }) {
	const lines = output.replace(/\s+$/, "").split("\n");
	const shown = lines.slice(0, RESULT_LINES);
	return (
		<Box flexDirection="column" marginLeft={2}>
			{shown.map((line, i) => (
				<Text key={i} color={isError ? "red" : undefined} dimColor={!isError} wrap="truncate-end">
					{i === 0 ? "⎿ " : "  "}
					{line === "" ? " " : line}
				</Text>
			))}
			{lines.length > RESULT_LINES && <Text dimColor>{`  … ${lines.length - RESULT_LINES} more lines`}</Text>}
		</Box>
	);
}

function ToolView({ item }: { item: Extract<TranscriptItem, { kind: "tool" }> }) {
	return (
		<Box flexDirection="column">
			<Text>
				<Text color={item.result?.isError ? "red" : "blue"}>● </Text>
				{describeToolCall(item.toolName as ToolName, item.args)}
			</Text>
			{item.result ? <ToolResultLines {...item.result} /> : <Text dimColor>{"  ⎿ (no result)"}</Text>}
		</Box>
	);
}

function AssistantView({ item }: { item: Extract<TranscriptItem, { kind: "assistant" }> }) {
	return (
		<Box flexDirection="column">
			{item.thinkingChars > 0 && <Text dimColor italic>{`thinking… (${item.thinkingChars} chars)`}</Text>}
			{item.text.trim() !== "" && <MarkdownView text={item.text} />}
			{item.stopReason === "aborted" && <Text color="yellow">(aborted)</Text>}
			{item.stopReason === "error" && <Text color="red">{`(error: ${item.errorMessage ?? "unknown error"})`}</Text>}
		</Box>
	);
}

/** One finished transcript item, as printed once into the scrollback. */
export function MessageView({ item }: { item: TranscriptItem }) {
	switch (item.kind) {
		case "user":
			return (
				<Box marginTop={1}>
					<Text color="cyan" bold>{"› "}</Text>
					<Text>{item.text}</Text>
				</Box>
			);
		case "assistant":
			return <Box marginTop={1}><AssistantView item={item} /></Box>;
		case "tool":
			return <ToolView item={item} />;
		case "summary":
			return <Box marginTop={1}><Collapsed label={item.label} text={item.text} color="magenta" /></Box>;
		case "custom":
			return <Box marginTop={1}><Collapsed label={item.customType} text={item.text} color="blue" /></Box>;
		case "bash":
			return (
				<Box flexDirection="column" marginTop={1}>
					<Text color="green">{`$ ${item.command}`}</Text>
					<ToolResultLines output={item.output} isError={item.exitCode !== 0} />
				</Box>
			);
		case "notice":
			return <Text dimColor>{item.text}</Text>;
		default: {
			const unreachable: never = item;
			return unreachable;
		}
	}
}
