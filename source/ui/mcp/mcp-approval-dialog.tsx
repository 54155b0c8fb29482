import { Box, Text } from "ink";
import { relative } from "node:path";
import React, { useState } from "react";
import { terminalLine } from "../../text/terminal-text.js";
import { hintLine, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import type { McpQuestion } from "./use-mcp.js";

const CHOICES: { approve: boolean; label: string }[] = [
	{ approve: false, label: "Not now (start without them)" },
	{ approve: true, label: "Approve and start them" },
];

/** Rows besides the listing: border, title, blank, the choices, the hint, the border. */
const FRAME_ROWS = 8;

/**
 * A project's MCP servers not approved yet (or changed since): each server's name, file and the
 * (whole) command line it would run, then approve / not now, as the project-trust dialog asks. The cursor
 * starts on "not now": an Enter typed ahead never starts a program. It takes every key while shown.
 */
export function McpApprovalDialog({ question, rows, cols, cwd }: { question: McpQuestion; rows: number; cols: number; cwd: string }) {
	const [index, setIndex] = useState(0);
	const { keymap, is } = useKeyAction();
	useKeys(
		(event) => {
			if (isCancel(event, keymap)) return question.answer(false);
			if (is("dialog.accept", event)) return question.answer(CHOICES[index]?.approve === true);
			if (is("list.up", event) || is("list.down", event)) setIndex((index + 1) % CHOICES.length);
		},
		{ exclusive: true },
	);
	const { servers } = question;
	const changed = servers.some((s) => s.changed);
	// The whole command line, wrapped: it is what the user approves.
	const listing = servers.flatMap((s) => [`${s.name}  (${relative(cwd, s.source) || s.source}${s.changed ? ", changed since approved" : ""})`, `  $ ${s.command}`]);
	const room = Math.max(2, rows - FRAME_ROWS);
	const shown = listing.length > room ? listing.slice(0, room - 1) : listing;
	const title = changed ? "This project's MCP servers changed since you approved them. They would run:" : "This project's MCP servers would run these programs:";
	return (
		<Box flexDirection="column" borderStyle="round" paddingX={1} width={cols}>
			<Text bold wrap="truncate-end">{title}</Text>
			{shown.map((line, i) => (
				<Text key={i}>{terminalLine(line)}</Text>
			))}
			{shown.length < listing.length && <Text dimColor>{`… and more (arbor mcp list lists them all)`}</Text>}
			<Text> </Text>
			{CHOICES.map((choice, i) => (
				<Text key={choice.label} inverse={i === index}>{`${i === index ? "›" : " "} ${choice.label} `}</Text>
			))}
			<Text dimColor wrap="truncate-end">{hintLine(keymap, [[["list.up", "list.down"], "move"], [["dialog.accept"], "choose"], [["dialog.cancel"], "not now"]])}</Text>
		</Box>
	);
}
