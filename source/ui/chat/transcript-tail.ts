import { argumentLines, RESULT_LINES, THINKING_LINES } from "./transcript.js";
import { must } from "../../text/must.js";
import { looksLikeDiff } from "../widgets/diff-line.js";
import { shortOutput } from "./short-output.js";
import type { TranscriptItem } from "./transcript.js";

/** How much of a replayed transcript is printed: `lines` terminal rows at `cols` columns. */
export type TailBudget = { lines: number; cols: number };

/** Screens of transcript printed on open and after a jump; older items wait behind /tree. */
const TAIL_SCREENS = 3;

/** The budget for a terminal of `rows` × `cols`. */
export function tailBudget(size: { rows: number; cols: number }): TailBudget {
	return { lines: TAIL_SCREENS * Math.max(1, size.rows), cols: Math.max(1, size.cols) };
}

/** Rows `text` takes when wrapped at `cols` (by UTF-16 length: an estimate, never measured). */
function textRows(text: string, cols: number): number {
	let rows = 0;
	let from = 0;
	for (;;) {
		const end = text.indexOf("\n", from);
		const length = (end === -1 ? text.length : end) - from;
		rows += Math.max(1, Math.ceil(length / cols));
		if (end === -1) return rows;
		from = end + 1;
	}
}

/** Output lines a tool or bash view shows: at most 3 plus a `… more lines` line; expanded every line, wrapped. */
function outputRows(output: string, cols: number, expanded: boolean): number {
	const trimmed = output.replace(/\s+$/, "");
	if (expanded) return textRows(trimmed, Math.max(1, cols - 4));
	if (looksLikeDiff(trimmed)) {
		const short = shortOutput(trimmed.split("\n"), true);
		return short.shown.length + (short.rest > 0 ? 1 : 0);
	}
	const lines = textRows(trimmed, Number.POSITIVE_INFINITY);
	return Math.min(lines, RESULT_LINES) + (lines > RESULT_LINES ? 1 : 0);
}

/** Rows of an assistant's reasoning as message-view shows it: its first lines, then a count of the rest (all of it expanded). */
function thinkingRows(thinking: string, cols: number, expanded: boolean): number {
	if (thinking === "") return 0;
	if (expanded) return textRows(thinking, cols);
	const lines = thinking.split("\n");
	return textRows(lines.slice(0, THINKING_LINES).join("\n"), cols) + (lines.length > THINKING_LINES ? 1 : 0);
}

/** Rows one item takes on screen (message-view.tsx), short or `expanded` (Ctrl+O), estimated without rendering it. */
export function itemRows(item: TranscriptItem, cols: number, expanded = false): number {
	switch (item.kind) {
		case "user":
			return 1 + textRows(item.text, cols);
		case "assistant":
			return (item.trailer ? 0 : 1) + (item.text.trim() === "" ? 0 : textRows(item.text, cols)) + thinkingRows(item.thinking, cols, expanded) + (item.stopReason === "aborted" || item.stopReason === "error" ? 1 : 0);
		case "tool":
			return 1 + (expanded ? textRows(argumentLines(item.args).join("\n"), Math.max(1, cols - 4)) : 0) + (item.result ? outputRows(item.result.output, cols, expanded) : 1);
		case "bash":
			return 2 + outputRows(item.output, cols, expanded);
		case "summary":
		case "custom":
			return expanded ? 2 + textRows(item.text, Math.max(1, cols - 2)) : 2 + (item.text.trim().includes("\n") ? 1 : 0);
		case "notice":
			return textRows(item.text, cols);
		default: {
			const unreachable: never = item;
			return unreachable;
		}
	}
}

/**
 * How many items from the end fit the budget (at least one, so the last reply always shows).
 * Expanded (Ctrl+O), the item that crosses the budget is printed too, whole: expanding is asked to
 * show a tall item, so a 300-line output above a short reply is not left out for being tall.
 */
export function tailCount(items: readonly TranscriptItem[], budget: TailBudget, expanded = false): number {
	let rows = 0;
	let count = 0;
	for (let i = items.length - 1; i >= 0; i--) {
		const cost = itemRows(must(items[i], "transcript item"), budget.cols, expanded);
		if (count > 0 && (expanded ? rows >= budget.lines : rows + cost > budget.lines)) break;
		rows += cost;
		count++;
	}
	return count;
}
