import { RESULT_LINES } from "./transcript.js";

/** The short form of a tool's output: the lines shown and how many more there are (Ctrl+O shows them). */
type ShortOutput = { shown: string[]; rest: number };

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * The changed lines of the first hunk of a unified diff, each with its line number (the old file's
 * for `-`, the new file's for `+`): `  2 -old`, `  2 +new`. Empty when `lines` has no hunk.
 */
export function firstHunkChanges(lines: readonly string[]): string[] {
	const start = lines.findIndex((l) => HUNK.test(l));
	if (start === -1) return [];
	const [, oldStart, newStart] = HUNK.exec(lines[start] ?? "") ?? [];
	let oldLine = Number(oldStart);
	let newLine = Number(newStart);
	const changes: { n: number; line: string }[] = [];
	for (const line of lines.slice(start + 1)) {
		if (line.startsWith("@@") || line.startsWith("--- ") || line.startsWith("+++ ")) break;
		if (line.startsWith("-")) changes.push({ n: oldLine++, line });
		else if (line.startsWith("+")) changes.push({ n: newLine++, line });
		else if (!line.startsWith("\\")) {
			oldLine++;
			newLine++;
		}
	}
	const width = String(Math.max(0, ...changes.map((c) => c.n))).length;
	return changes.map((c) => `${String(c.n).padStart(width)} ${c.line}`);
}

/**
 * What the short form shows of an output's `lines`: its first lines; for an edit's diff, the line
 * before the diff (`Edited a.txt`) and the first hunk's `-`/`+` lines, numbered, not the `---`/`+++`
 * file headers. At most {@link RESULT_LINES} lines either way; `rest` counts the output's other lines.
 */
export function shortOutput(lines: readonly string[], diff: boolean): ShortOutput {
	const changes = diff ? firstHunkChanges(lines) : [];
	if (changes.length === 0) return { shown: lines.slice(0, RESULT_LINES), rest: Math.max(0, lines.length - RESULT_LINES) };
	const headerAt = lines.findIndex((l) => l.startsWith("--- ") || HUNK.test(l));
	const intro = lines.slice(0, Math.min(1, headerAt));
	const shown = [...intro, ...changes].slice(0, RESULT_LINES);
	return { shown, rest: Math.max(0, lines.length - shown.length) };
}

/** The short form of a summary: the first sentence of its prose, past its headings ("## Goal\nFix the parser. Then…" → "Fix the parser."). */
export function firstSentence(text: string): string {
	const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
	const prose = lines.find((l) => !/^#{1,6}\s/.test(l));
	if (prose === undefined) return (lines[0] ?? "").replace(/^#{1,6}\s+/, "");
	const clean = prose.replace(/^([-*+]|\d+[.)])\s+/, "").replace(/\*\*|__|`/g, "");
	return /^.*?[.!?](?=\s|$)/.exec(clean)?.[0] ?? clean;
}
