/**
 * The chat's comparison of a fan-out, side by side (docs/fanout.md): one column per branch (as many
 * as fit `cols`, a window around the chosen one), each with the rows fanout/comparison.ts prints.
 * Pure: lines of text, the chosen column marked.
 */
import type { BranchOutcome } from "../../fanout/branch.js";
import { answerHead, checkLine, filesLine } from "../../fanout/comparison.js";
import { terminalText } from "../../text/terminal-text.js";

/** The narrowest column; fewer columns are shown (a window) below it. */
export const MIN_COLUMN = 26;

const fit = (text: string, width: number): string => {
	const flat = terminalText(text).replace(/[\t\n]/g, " ");
	return flat.length > width ? `${flat.slice(0, Math.max(0, width - 1))}…` : flat.padEnd(width);
};

/** A branch as a column shows it: `tag` is what the screen did with it (`kept`, `merged into [2]`). */
export type ColumnBranch = BranchOutcome & { tag?: string };

/** The rows of one branch's column, before fitting: header, status, files, check, usage, answer. */
export function columnRows(b: ColumnBranch, answerLines: number): string[] {
	const status = `${b.tag ? `${b.tag} · ` : ""}${b.status === "done" ? "done" : `${b.status}${b.error ? `: ${b.error}` : ""}`}`;
	const rows = [`[${b.index}] ${b.model}`, status, filesLine(b), checkLine(b) ?? "no check", `${b.tokens.input} in / ${b.tokens.output} out`, `$${b.cost.toFixed(4)} · ${(b.ms / 1000).toFixed(1)} s`, ""];
	const answer = answerHead(b.answer, answerLines);
	return [...rows, ...(answer.length > 0 && answer[0] !== "" ? answer : ["(no answer)"])];
}

/** Which branches are shown (a window of `fit` columns that holds `selected`). */
export function columnWindow(count: number, selected: number, cols: number): { first: number; shown: number; width: number } {
	const shown = Math.max(1, Math.min(count, Math.floor(cols / MIN_COLUMN)));
	const first = Math.max(0, Math.min(count - shown, selected - Math.floor(shown / 2)));
	return { first, shown, width: Math.floor(cols / shown) };
}

/** The comparison's lines at `cols` × `rows` (rows for the columns only), the chosen branch marked `›`. */
export function comparisonColumns(branches: readonly ColumnBranch[], selected: number, cols: number, rows: number): string[] {
	const { first, shown, width } = columnWindow(branches.length, selected, cols);
	const columns = branches.slice(first, first + shown).map((b, i) => {
		const mark = first + i === selected ? "›" : " ";
		return columnRows(b, Math.max(1, rows - 7)).slice(0, rows).map((row, r) => `${r === 0 ? mark : " "}${fit(row, width - 2)} `);
	});
	const height = Math.max(0, ...columns.map((c) => c.length));
	return Array.from({ length: height }, (_, r) => columns.map((c) => c[r] ?? " ".repeat(width)).join("").trimEnd());
}

/** `total $0.0123 · 3 branches · 2 done` (and what is left of the window: `‹ 2 more · 1 more ›`). */
export function totalLine(branches: readonly BranchOutcome[], selected: number, cols: number): string {
	const cost = branches.reduce((n, b) => n + b.cost, 0);
	const done = branches.filter((b) => b.status === "done").length;
	const { first, shown } = columnWindow(branches.length, selected, cols);
	const left = first > 0 ? `‹ ${first} more · ` : "";
	const right = first + shown < branches.length ? ` · ${branches.length - first - shown} more ›` : "";
	return `${left}total $${cost.toFixed(4)} · ${branches.length} branches · ${done} done${right}`;
}
