import { Box, Text } from "ink";
import React from "react";
import { COMMANDS, type MenuCommand } from "../commands.js";
import { useKeys } from "../input/use-keys.js";
import { isAction, isCancel, KEY_ACTIONS, keysLabel, type ActionSpec, type KeyAction, type Keymap } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";

/** The keys /help lists, from the keymap in force (readme.md lists them all). */
const HELP_ACTIONS: readonly KeyAction[] = [
	"prompt.send", "prompt.steer", "line.newLine", "prompt.externalEditor", "prompt.cycleThinking", "prompt.previous", "prompt.stop", "prompt.clear", "prompt.quit", "prompt.complete", "prompt.expand", "tree.mark", "tree.merge",
];

function keyRows(keymap: Keymap): [string, string][] {
	return HELP_ACTIONS.map((action) => {
		const spec: ActionSpec = KEY_ACTIONS[action];
		return [`${keysLabel(keymap, action, { sep: " / " }) || "(unbound)"}${spec.screen === "tree" ? " (in /tree)" : ""}`, spec.does];
	});
}

/** Keys and commands (extensions' commands after the built-in ones); `help.close` (any key) or cancel closes it. */
export function HelpView({ onClose, extraCommands = [] }: { onClose(): void; extraCommands?: readonly MenuCommand[] }) {
	const keymap = useKeymap();
	useKeys((event) => (isAction(keymap, "help.close", event) || isCancel(event, keymap) ? onClose() : undefined));
	const keys = keyRows(keymap);
	const closes = keysLabel(keymap, "help.close", { sep: " / " }) || keysLabel(keymap, "dialog.cancel", { sep: " / " });
	const commands: readonly MenuCommand[] = [...COMMANDS, ...extraCommands.filter((e) => !COMMANDS.some((c) => c.name === e.name))];
	const width = Math.max(...keys.map(([k]) => k.length), ...commands.map((c) => c.name.length + 1 + (c.args ? c.args.length + 1 : 0)));
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold>Keys</Text>
			{keys.map(([k, d]) => (
				<Text key={k}>{`  ${k.padEnd(width)}  ${d}`}</Text>
			))}
			<Text bold>Commands</Text>
			{commands.map((c) => (
				<Text key={c.name}>{`  ${`/${c.name}${c.args ? ` ${c.args}` : ""}`.padEnd(width)}  ${c.description}`}</Text>
			))}
			<Text dimColor>{`(${closes} closes)`}</Text>
		</Box>
	);
}
