import { Box, Text } from "ink";
import React from "react";
import { firstLine } from "../../text/one-line.js";
import { terminalText } from "../../text/terminal-text.js";
import { describeToolCall } from "../../tools/describe.js";
import type { ToolName } from "../../tools/policy.js";
import { argumentLines, expandedLines, expandHint, outputLines, THINKING_LINES, type TranscriptItem } from "./transcript.js";
import { firstSentence, shortOutput } from "./short-output.js";
import { MarkdownView } from "../widgets/markdown-view.js";
import { contentWidth, Prefixed } from "../widgets/prefixed.js";
import { wrapText } from "../../text/word-wrap.js";
import { diffColor, looksLikeDiff } from "../widgets/diff-line.js";
import { keysLabel } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";

/** `… 27 more lines (Ctrl+O to expand)`: what the short form leaves out and the key that shows it. */
function useHint(): (rest: number, what?: string) => string {
	const key = keysLabel(useKeymap(), "prompt.expand", { atMost: 1 });
	return (rest, what) => expandHint(rest, key, what);
}

/** Consecutive lines of one colour, in order. */
function colourRuns<C>(lines: readonly string[], colorOf: (line: string) => C): { color: C; lines: string[] }[] {
	const runs: { color: C; lines: string[] }[] = [];
	for (const line of lines) {
		const color = colorOf(line);
		const last = runs.at(-1);
		if (last && last.color === color) last.lines.push(line);
		else runs.push({ color, lines: [line] });
	}
	return runs;
}

/** `[label] first line…` (a summary: its first sentence), and a hint line when there is more. */
function Collapsed({ label, text, color, width, sentence = false }: { label: string; text: string; color: string; width: number; sentence?: boolean }) {
	const hint = useHint();
	const { line: first, more } = firstLine(text);
	const line = sentence ? firstSentence(text) : first;
	const rest = text.replace(/\s+$/, "").split("\n").length - 1;
	return (
		<Prefixed prefix={`[${label}] `} width={width} color={color}>
			<Text dimColor>{terminalText(more ? `${line}…` : line)}</Text>
			{more && rest > 0 && <Text dimColor>{hint(rest)}</Text>}
		</Prefixed>
	);
}

/** The whole text under `[label]`: Markdown rendered (summaries) or plain (custom messages). */
function Expanded({ label, text, color, width, markdown }: { label: string; text: string; color: string; width: number; markdown: boolean }) {
	return (
		<Box flexDirection="column" width={width}>
			<Text color={color}>{`[${label}]`}</Text>
			<Prefixed prefix="  " width={width}>
				{markdown ? <MarkdownView text={terminalText(text)} width={Math.max(1, width - 2)} /> : <Text dimColor>{terminalText(text)}</Text>}
			</Prefixed>
		</Box>
	);
}

/**
 * A tool's output indented under the call: its first lines cut at `width` and a hint (short form),
 * or every line wrapped (expanded). A diff's lines are coloured by sign.
 */
function ToolResultLines({ output, isError, width, expanded = false }: { output: string; isError: boolean; width: number; expanded?: boolean }) {
	const hint = useHint();
	const lines = outputLines(output);
	const diff = !isError && looksLikeDiff(output);
	const colorOf = (line: string) => (isError ? "red" : diff ? diffColor(line) : undefined);
	if (expanded) {
		// Runs of one colour as one wrapped <Text>: a 2,000-line output is a few nodes to lay out, not 2,000.
		return (
			<Prefixed prefix="  ⎿ " width={width}>
				{colourRuns(expandedLines(lines), colorOf).map((run, i) => (
					<Text key={i} color={run.color} dimColor={run.color === undefined} wrap="wrap">{run.lines.join("\n") || " "}</Text>
				))}
			</Prefixed>
		);
	}
	// Cut before Ink does: measuring and truncating a 60k-character line on every render is slow.
	const short = shortOutput(lines, diff);
	const shown = short.shown.map((line) => (line.length > width * 2 ? line.slice(0, width * 2) : line));
	return (
		<Prefixed prefix="  " width={width}>
			{shown.map((line, i) => {
				const color = colorOf(line.replace(/^\s*\d+ /, ""));
				return (
					<Text key={i} color={color} dimColor={color === undefined} wrap="truncate-end">
						{i === 0 ? "⎿ " : "  "}
						{line === "" ? " " : line}
					</Text>
				);
			})}
			{short.rest > 0 && <Text dimColor wrap="truncate-end">{`  ${hint(short.rest)}`}</Text>}
		</Prefixed>
	);
}

function ToolView({ item, width, expanded }: { item: Extract<TranscriptItem, { kind: "tool" }>; width: number; expanded: boolean }) {
	return (
		<Box flexDirection="column" width={width}>
			<Prefixed prefix="● " width={width} color={item.result?.isError ? "red" : "blue"}>
				<Text>{terminalText(describeToolCall(item.toolName as ToolName, item.args))}</Text>
			</Prefixed>
			{expanded && (
				<Prefixed prefix="    " width={width}>
					<Text dimColor wrap="wrap">{terminalText(argumentLines(item.args).join("\n"))}</Text>
				</Prefixed>
			)}
			{item.result ? <ToolResultLines {...item.result} width={width} expanded={expanded} /> : <Text dimColor>{"  ⎿ (no result)"}</Text>}
		</Box>
	);
}

/** The reasoning, dim: its first lines (sanitized) and a hint, or all of it (expanded). */
function ThinkingLines({ thinking, expanded }: { thinking: string; expanded: boolean }) {
	const hint = useHint();
	const lines = terminalText(thinking).split("\n");
	const rest = lines.length - THINKING_LINES;
	return (
		<Box flexDirection="column">
			<Text dimColor italic>{(expanded ? lines : lines.slice(0, THINKING_LINES)).join("\n")}</Text>
			{!expanded && rest > 0 && <Text dimColor italic>{hint(rest, "of thinking")}</Text>}
		</Box>
	);
}

function AssistantView({ item, width, expanded }: { item: Extract<TranscriptItem, { kind: "assistant" }>; width: number; expanded: boolean }) {
	return (
		<Box flexDirection="column" width={width}>
			{item.thinking !== "" && <ThinkingLines thinking={item.thinking} expanded={expanded} />}
			{item.text.trim() !== "" && <MarkdownView text={item.text} width={width} />}
			{item.stopReason === "aborted" && <Text color="yellow">(aborted)</Text>}
			{item.stopReason === "error" && <Text color="red">{terminalText(`(error: ${item.errorMessage ?? "unknown error"})`)}</Text>}
		</Box>
	);
}

/**
 * One finished transcript item, as printed once into the scrollback: its short form, or with
 * `expanded` (Ctrl+O) the whole text. Every text from the model, a tool or the session file goes
 * through terminalText (assistant text inside MarkdownView). Every view gets the terminal width
 * explicitly: <Static> items are laid out in an absolutely positioned box that does not bound them
 * to the screen on its own.
 */
export function MessageView({ item, width, expanded = false }: { item: TranscriptItem; width: number; expanded?: boolean }) {
	switch (item.kind) {
		case "user":
			// Wrapped here as the editor wraps it (Ink's own wrap measures a long line's words whole:
			// seconds for a 60,000-character line without spaces on Node 20).
			return (
				<Box marginTop={1} width={width}>
					<Prefixed prefix="› " width={width} color="cyan" bold>
						{wrapText(terminalText(item.text), contentWidth(width, "› ")).map((row, i) => (
							<Text key={i} wrap="truncate-end">{row === "" ? " " : row}</Text>
						))}
					</Prefixed>
				</Box>
			);
		case "assistant":
			return <Box marginTop={item.trailer ? 0 : 1} width={width}><AssistantView item={item} width={width} expanded={expanded} /></Box>;
		case "tool":
			return <ToolView item={item} width={width} expanded={expanded} />;
		case "summary":
			return (
				<Box marginTop={1} width={width}>
					{expanded ? <Expanded label={item.label} text={item.text} color="magenta" width={width} markdown /> : <Collapsed label={item.label} text={item.text} color="magenta" width={width} sentence />}
				</Box>
			);
		case "custom":
			return (
				<Box marginTop={1} width={width}>
					{expanded ? <Expanded label={item.customType} text={item.text} color="blue" width={width} markdown={false} /> : <Collapsed label={item.customType} text={item.text} color="blue" width={width} />}
				</Box>
			);
		case "bash":
			return (
				<Box flexDirection="column" marginTop={1} width={width}>
					<Prefixed prefix="$ " width={width} color="green">
						<Text color="green">{terminalText(item.command)}</Text>
					</Prefixed>
					<ToolResultLines output={item.output} isError={item.exitCode !== 0} width={width} expanded={expanded} />
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
