/**
 * /help's text laid out for the terminal's width, pure: a section's heading, then each key or
 * command with its description word-wrapped under the section's description column (under the name, indented, when
 * that column would be narrower than {@link MIN_TEXT} columns).
 */
import { displayWidth } from "../../text/text-width.js";
import { terminalLine } from "../../text/terminal-text.js";
import { wrapText } from "../../text/word-wrap.js";

type HelpLine = { text: string; heading?: true };
/** A section: its heading and its rows of [name, description]. */
export type HelpSection = { heading: string; rows: readonly (readonly [string, string])[] };

/** The narrowest description column worth keeping beside the names. */
export const MIN_TEXT = 24;

export function helpLines(sections: readonly HelpSection[], cols: number): HelpLine[] {
	const out: HelpLine[] = [];
	for (const section of sections) {
		// Measured as shown: an extension's name or description loses its control characters first.
		const rows = section.rows.map(([name, text]) => [terminalLine(name), terminalLine(text)] as const);
		const nameWidth = Math.max(0, ...rows.map(([name]) => displayWidth(name)));
		const column = 2 + nameWidth + 2;
		const beside = cols - column >= MIN_TEXT;
		out.push({ text: section.heading, heading: true });
		for (const [name, text] of rows) {
			if (beside) {
				const wrapped = wrapText(text, cols - column).map((r) => r.trimEnd());
				const pad = " ".repeat(nameWidth - displayWidth(name));
				out.push({ text: `  ${name}${pad}  ${wrapped[0] ?? ""}` });
				for (const row of wrapped.slice(1)) out.push({ text: `${" ".repeat(column)}${row}` });
			} else {
				out.push({ text: `  ${name}` });
				for (const row of wrapText(text, Math.max(8, cols - 4))) out.push({ text: `    ${row.trimEnd()}` });
			}
		}
	}
	return out;
}
