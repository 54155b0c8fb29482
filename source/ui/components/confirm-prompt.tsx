import { Box, Text } from "ink";
import React, { useState } from "react";
import { terminalText } from "../../session/terminal-text.js";
import { isCtrl, isEnter } from "../input/key-event.js";
import { useKeys } from "../input/use-keys.js";
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
	useKeys((event) => {
		if (event.kind === "paste") return;
		if (event.kind === "text") {
			// Only the first key of a fast-typed run answers; the rest would belong to nothing.
			const direct = OPTIONS.find((o) => o.key === event.text[0]!.toLowerCase());
			return direct ? onAnswer(direct.answer) : undefined;
		}
		if (event.name === "escape" || isCtrl(event, "c")) return onAnswer("no");
		if (isEnter(event)) return onAnswer(OPTIONS[index]!.answer);
		if (event.name === "left" || event.name === "up") return setIndex((index + OPTIONS.length - 1) % OPTIONS.length);
		if (event.name === "right" || event.name === "down" || event.name === "tab") return setIndex((index + 1) % OPTIONS.length);
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
