import { Box, Text } from "ink";
import React from "react";
import { COMMANDS, type MenuCommand } from "../commands.js";
import { useKeys } from "../input/use-keys.js";

const KEYS: [string, string][] = [
	["Enter", "send"],
	["Shift+Enter / Alt+Enter / Ctrl+J", "new line"],
	["Ctrl+G", "edit the draft in $VISUAL / $EDITOR"],
	["Shift+Tab", "next thinking level (reasoning models)"],
	["↑ (empty editor)", "earlier prompts"],
	["Esc", "stop the reply (also at a tool confirmation)"],
	["Esc Esc (empty editor)", "open the tree"],
	["Ctrl+C", "clear; twice quits"],
	["Ctrl+D (empty editor)", "quit"],
	["Shift+C (in /tree)", "mark an entry; on another, compare the two"],
	["Shift+M (in /tree)", "merge the selected branch into the current one"],
];

/** Keys and commands (extensions' commands after the built-in ones); any key closes it. */
export function HelpView({ onClose, extraCommands = [] }: { onClose(): void; extraCommands?: readonly MenuCommand[] }) {
	useKeys(() => onClose());
	const commands: readonly MenuCommand[] = [...COMMANDS, ...extraCommands.filter((e) => !COMMANDS.some((c) => c.name === e.name))];
	const width = Math.max(...KEYS.map(([k]) => k.length), ...commands.map((c) => c.name.length + 1 + (c.args ? c.args.length + 1 : 0)));
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold>Keys</Text>
			{KEYS.map(([k, d]) => (
				<Text key={k}>{`  ${k.padEnd(width)}  ${d}`}</Text>
			))}
			<Text bold>Commands</Text>
			{commands.map((c) => (
				<Text key={c.name}>{`  ${`/${c.name}${c.args ? ` ${c.args}` : ""}`.padEnd(width)}  ${c.description}`}</Text>
			))}
			<Text dimColor>(any key closes)</Text>
		</Box>
	);
}
