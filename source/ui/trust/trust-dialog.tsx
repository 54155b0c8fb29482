import { Box, Text } from "ink";
import React, { useState } from "react";
import { trustListing } from "../../config/trust-listing.js";
import type { ProjectContent } from "../../config/trust-content.js";
import { terminalLine } from "../../text/terminal-text.js";
import { hintLine, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";

export type TrustAnswer = "trust" | "not-now";

const CHOICES: { answer: TrustAnswer; label: string }[] = [
	{ answer: "not-now", label: "Not now (run without it)" },
	{ answer: "trust", label: "Trust this project" },
];

/** Rows besides the listing: title, blank, blank, the choices, the hint, the margin. */
const FRAME_ROWS = 7;

/**
 * The first start in a project whose `.arbor/` is not trusted (or changed since): what it would do,
 * the baseUrl and the extensions first, then trust / not now. The cursor starts on "not now": an
 * Enter typed ahead never trusts. Keys: the lists' up/down, the dialogs' accept and cancel (not now).
 */
export function TrustDialog(props: { content: ProjectContent; changed: boolean; rows: number; onAnswer(answer: TrustAnswer): void }) {
	const { content, changed, rows, onAnswer } = props;
	const [index, setIndex] = useState(0);
	const { keymap, is } = useKeyAction();
	useKeys((event) => {
		if (isCancel(event, keymap)) return onAnswer("not-now");
		if (is("dialog.accept", event)) return onAnswer(CHOICES[index]?.answer ?? "not-now");
		if (is("list.up", event) || is("list.down", event)) setIndex((index + 1) % CHOICES.length);
	});
	const listing = trustListing(content);
	const room = Math.max(1, rows - FRAME_ROWS);
	const shown = listing.length > room ? listing.slice(0, room - 1) : listing;
	const title = changed ? "This project's .arbor/ changed since you trusted it. It would:" : "This project has a .arbor/ folder. Trusting it would:";
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold>{title}</Text>
			{shown.map((line, i) => (
				<Text key={i} color={line.warn ? "yellow" : undefined}>{`${line.warn ? "! " : "  "}${terminalLine(line.text)}`}</Text>
			))}
			{shown.length < listing.length && <Text dimColor>{`  … and ${listing.length - shown.length} more (arbor trust lists them all)`}</Text>}
			<Text> </Text>
			{CHOICES.map((choice, i) => (
				<Text key={choice.answer} inverse={i === index}>{`${i === index ? "›" : " "} ${choice.label} `}</Text>
			))}
			<Text dimColor>{hintLine(keymap, [[["list.up", "list.down"], "move"], [["dialog.accept"], "choose"], [["dialog.cancel"], "not now"]])}</Text>
		</Box>
	);
}
