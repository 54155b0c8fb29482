import { Box, Text, useInput } from "ink";
import React, { useState } from "react";
import { terminalText } from "../../session/terminal-text.js";
import type { ConfirmRequest } from "../state/app-reducer.js";

type Answer = "yes" | "no" | "always";
const OPTIONS: { answer: Answer; label: string; key: string }[] = [
	{ answer: "yes", label: "Yes", key: "y" },
	{ answer: "no", label: "No", key: "n" },
	{ answer: "always", label: "Always (this session)", key: "a" },
];

/** `Allow <description>?` with yes / no / always; Esc answers no. */
export function ConfirmPrompt({ request, onAnswer }: { request: ConfirmRequest; onAnswer(a: Answer): void }) {
	const [index, setIndex] = useState(0);
	useInput((input, key) => {
		if (key.escape || (key.ctrl && input === "c")) return onAnswer("no");
		if (key.return) return onAnswer(OPTIONS[index]!.answer);
		if (key.leftArrow || key.upArrow) return setIndex((index + OPTIONS.length - 1) % OPTIONS.length);
		if (key.rightArrow || key.downArrow || key.tab) return setIndex((index + 1) % OPTIONS.length);
		const direct = OPTIONS.find((o) => o.key === input.toLowerCase());
		if (direct && !key.ctrl) onAnswer(direct.answer);
	});
	return (
		<Box flexDirection="column" marginTop={1} borderStyle="round" borderColor="yellow" paddingX={1}>
			<Text bold>{terminalText(`Allow ${request.description}?`)}</Text>
			<Text>
				{OPTIONS.map((o, i) => (
					<Text key={o.answer} inverse={i === index}>{` ${o.label} (${o.key}) `}</Text>
				))}
			</Text>
		</Box>
	);
}
