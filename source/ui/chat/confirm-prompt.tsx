import { Box, Text } from "ink";
import React, { useState } from "react";
import { controlClass } from "../../text/control-chars.js";
import { must } from "../../text/must.js";
import { terminalText } from "../../text/terminal-text.js";
import { actionOf, answerOf, isCancel, keysLabel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import type { ConfirmRequest } from "./app-reducer.js";

type Answer = "yes" | "no" | "always";
const OPTIONS: { answer: Answer; label: string; action: "confirm.yes" | "confirm.no" | "confirm.always" }[] = [
	{ answer: "yes", label: "Yes", action: "confirm.yes" },
	{ answer: "no", label: "No", action: "confirm.no" },
	{ answer: "always", label: "Always (this session)", action: "confirm.always" },
];
const ANSWERS = OPTIONS.map((o) => o.action);

const CONTROL = new RegExp(controlClass(), "g");
/** Control characters from the model's arguments are shown as `\xNN`, never sent to the terminal. */
const visible = (line: string) =>
	line.replace(/\t/g, "    ").replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);

/** A diff line coloured by its sign; other preview lines dimmed. */
function PreviewLine({ line: raw }: { line: string }) {
	const line = visible(terminalText(raw));
	const color = line.startsWith("+") && !line.startsWith("+++") ? "green" : line.startsWith("-") && !line.startsWith("---") ? "red" : undefined;
	return <Text color={color} dimColor={color === undefined} wrap="truncate-end">{line === "" ? " " : line}</Text>;
}

/**
 * `Allow <description>?` above what the call would do (diff, first lines, command), with yes / no /
 * always. Esc stops the whole turn (as while streaming); Ctrl+C answers no.
 */
export function ConfirmPrompt({ request, onAnswer, onAbort }: { request: ConfirmRequest; onAnswer(a: Answer): void; onAbort(): void }) {
	const [index, setIndex] = useState(0);
	const { keymap, is } = useKeyAction();
	useKeys((event) => {
		if (event.kind === "paste") return;
		if (event.kind === "text") {
			// Only the first key of a fast-typed run answers; the rest would belong to nothing.
			const direct = OPTIONS.find((o) => o.action === answerOf(keymap, ANSWERS, event));
			return direct ? onAnswer(direct.answer) : undefined;
		}
		if (is("prompt.stop", event)) return onAbort();
		if (isCancel(event, keymap)) return onAnswer("no");
		if (is("dialog.accept", event)) return onAnswer(must(OPTIONS[index], "selected option").answer);
		const step = actionOf(keymap, ["confirm.previous", "confirm.next"], event);
		if (step) return setIndex((index + (step === "confirm.next" ? 1 : OPTIONS.length - 1)) % OPTIONS.length);
	});
	return (
		<Box flexDirection="column" marginTop={1} borderStyle="round" borderColor="yellow" paddingX={1}>
			<Text bold>{terminalText(`Allow ${request.description}?`)}</Text>
			{request.preview?.split("\n").map((line, i) => <PreviewLine key={i} line={line} />)}
			<Text>
				{OPTIONS.map((o, i) => (
					<Text key={o.answer} inverse={i === index}>{` ${o.label}${keysLabel(keymap, o.action, { atMost: 1 }) ? ` (${keysLabel(keymap, o.action, { atMost: 1 })})` : ""} `}</Text>
				))}
			</Text>
		</Box>
	);
}
