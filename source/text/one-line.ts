/**
 * `text` on one row: every run of white space (newlines and tabs included) becomes one space and
 * the ends are trimmed. Callers that also sanitize or cut compose this with terminalText /
 * stripControls and cutToWidth; it is the one definition of "flattened to a line".
 */
export function oneLine(text: string): string {
	return text.replace(/\s+/g, " ").trim();
}

/** The first line of `text` that is not blank (as it stands), and whether more text follows it. */
export function firstLine(text: string): { line: string; more: boolean } {
	const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
	return { line, more: text.trim().includes("\n") };
}
