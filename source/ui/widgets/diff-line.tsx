import { Text } from "ink";
import React from "react";
import { controlClass } from "../../text/control-chars.js";
import { terminalText } from "../../text/terminal-text.js";

const CONTROL = new RegExp(controlClass(), "g");

/** Control characters (from a model's arguments, a tool's output) shown as `\xNN`; tabs as four spaces. */
export const visibleLine = (line: string): string =>
	terminalText(line).replace(/\t/g, "    ").replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);

/** `+` green, `-` red (not the `+++` / `---` file headers), else undefined. */
export function diffColor(line: string): "green" | "red" | undefined {
	if (line.startsWith("+") && !line.startsWith("+++")) return "green";
	if (line.startsWith("-") && !line.startsWith("---")) return "red";
	return undefined;
}

/** Whether `text` holds a unified diff (an edit's result, a confirmation's preview): its lines are coloured by sign. */
export function looksLikeDiff(text: string): boolean {
	return /^@@ -\d/m.test(text) || (/^--- /m.test(text) && /^\+\+\+ /m.test(text));
}

/** One diff line coloured by its sign, other lines dimmed; cut at the width, or wrapped (`wrap`). */
export function DiffLine({ line: raw, wrap = false }: { line: string; wrap?: boolean }) {
	const line = visibleLine(raw);
	const color = diffColor(line);
	return <Text color={color} dimColor={color === undefined} wrap={wrap ? "wrap" : "truncate-end"}>{line === "" ? " " : line}</Text>;
}
