import { Box, Text } from "ink";
import React, { useMemo, useState } from "react";
import { COMMANDS, type MenuCommand } from "../commands.js";
import { useKeys } from "../input/use-keys.js";
import { actionOf, hintLine, isAction, isCancel, KEY_ACTIONS, keysLabel, type ActionSpec, type KeyAction, type Keymap } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import { helpLines, type HelpSection } from "./help-lines.js";

/** The keys /help lists, from the keymap in force (docs/keybindings.md lists them all). */
const HELP_ACTIONS: readonly KeyAction[] = [
	"prompt.send", "prompt.steer", "line.newLine", "prompt.externalEditor", "prompt.cycleThinking", "prompt.cycleModel", "prompt.previous", "prompt.stop", "prompt.clear", "prompt.quit", "prompt.complete", "prompt.expand", "tree.mark", "tree.merge",
];

/** The lists' keys scroll /help when it is taller than the terminal. */
const SCROLL = ["list.up", "list.down", "list.pageUp", "list.pageDown", "list.first", "list.last"] as const;

function keyRows(keymap: Keymap): [string, string][] {
	return HELP_ACTIONS.map((action) => {
		const spec: ActionSpec = KEY_ACTIONS[action];
		return [`${keysLabel(keymap, action, { sep: " / " }) || "(unbound)"}${spec.screen === "tree" ? " (in /tree)" : ""}`, spec.does];
	});
}

/**
 * Keys and commands (extensions' commands after the built-in ones), wrapped to `cols`;
 * `help.close` (any key) or cancel closes it. Taller than `rows`, it shows a page at a time and
 * the lists' keys (↑↓ PgUp PgDn Home End) scroll it; any other key closes it.
 */
export function HelpView({ onClose, extraCommands = [], extraKeys = [], rows, cols }: {
	onClose(): void;
	extraCommands?: readonly MenuCommand[];
	/** Extensions' keys (registerShortcut), after arbor's. */
	extraKeys?: readonly (readonly [string, string])[];
	rows: number;
	cols: number;
}) {
	const keymap = useKeymap();
	const lines = useMemo(() => {
		const commands: readonly MenuCommand[] = [...COMMANDS, ...extraCommands.filter((e) => !COMMANDS.some((c) => c.name === e.name))];
		const sections: HelpSection[] = [
			{ heading: "Keys", rows: [...keyRows(keymap), ...extraKeys.map(([key, does]): [string, string] => [key, does])] },
			{
				heading: "Commands",
				rows: [
					...commands.map((c): [string, string] => [`/${c.name}${c.args ? ` ${c.args}` : ""}`, c.description]),
					["!command", "run a shell command; its output goes to the model with the next prompt (!!command: kept out)"],
				],
			},
		];
		return helpLines(sections, Math.max(20, cols));
	}, [keymap, extraCommands, extraKeys, cols]);
	// The rows left after the margin above, the closing line and the status line below.
	const page = Math.max(3, rows - 3);
	const paged = lines.length > page;
	const last = Math.max(0, lines.length - page);
	const [scroll, setScroll] = useState(0);
	const top = Math.min(scroll, last);
	useKeys((event) => {
		const action = paged ? actionOf(keymap, SCROLL, event) : undefined;
		if (action) {
			const to = { "list.up": top - 1, "list.down": top + 1, "list.pageUp": top - page, "list.pageDown": top + page, "list.first": 0, "list.last": last }[action];
			return setScroll(Math.max(0, Math.min(last, to)));
		}
		return isAction(keymap, "help.close", event) || isCancel(event, keymap) ? onClose() : undefined;
	});
	const closes = keysLabel(keymap, "help.close", { sep: " / " }) || keysLabel(keymap, "dialog.cancel", { sep: " / " });
	const footer = paged
		? `(lines ${top + 1}–${Math.min(lines.length, top + page)} of ${lines.length} · ${hintLine(keymap, [[["list.up", "list.down"], ""], [["list.pageUp"], ""], [["list.pageDown"], "scroll"]])} · ${closes === "any key" ? "any other key" : closes} closes)`
		: `(${closes} closes)`;
	return (
		<Box flexDirection="column" marginTop={1}>
			{lines.slice(top, top + page).map((line, i) => (
				<Text key={top + i} bold={line.heading} wrap="truncate-end">
					{line.text === "" ? " " : line.text}
				</Text>
			))}
			<Text dimColor wrap="truncate-end">
				{footer}
			</Text>
		</Box>
	);
}
