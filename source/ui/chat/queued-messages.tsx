import { Box, Text } from "ink";
import React from "react";
import { terminalLine } from "../../text/terminal-text.js";
import { cutToWidth } from "../../text/text-width.js";
import { keysLabel } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import type { QueuedLine } from "./use-chat.js";

/** Rows the queue takes: its margin, a line per message and, with `hint`, how to take them back. */
export const queuedRows = (queued: readonly QueuedLine[], hint: boolean): number => (queued.length === 0 ? 0 : 1 + queued.length + (hint ? 1 : 0));

/**
 * Messages typed while a reply runs, under the live area: one line each, then (`hint`: in the chat,
 * where Esc takes them back; not at a confirmation, where Esc stops the turn) how to take them back.
 */
export function QueuedMessages({ queued, cols, hint }: { queued: readonly QueuedLine[]; cols: number; hint: boolean }) {
	const keymap = useKeymap();
	if (queued.length === 0) return null;
	const esc = keysLabel(keymap, "prompt.stop", { atMost: 1 });
	return (
		<Box flexDirection="column" marginTop={1} width={cols}>
			{queued.map((line, i) => (
				<Text key={i} dimColor>
					{cutToWidth(`${line.kind === "steer" ? "steering" : "queued"}: ${terminalLine(line.text.replace(/\s*\n\s*/g, " "))}`, Math.max(1, cols))}
				</Text>
			))}
			{hint && <Text dimColor>{cutToWidth(`${esc} on an empty editor takes ${queued.length === 1 ? "it" : "them"} back`, Math.max(1, cols))}</Text>}
		</Box>
	);
}
