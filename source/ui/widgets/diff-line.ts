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
