import type { SessionEntry } from "../../session/types.js";
import { must } from "../../text/must.js";
import { entryItemCount, entryOp, orphanResult, settleAll, type TranscriptItem, type TranscriptOp } from "./transcript.js";
import { tailCount, type TailBudget } from "./transcript-tail.js";

/**
 * Applies one op immutably (live appends). Settling searches from the end: results follow their
 * calls closely, so this is O(1)-ish during a turn.
 */
export function applyOp(items: readonly TranscriptItem[], op: TranscriptOp): TranscriptItem[] {
	switch (op.type) {
		case "none":
			return items as TranscriptItem[];
		case "append":
			return op.items.length === 0 ? (items as TranscriptItem[]) : [...items, ...op.items];
		case "settle": {
			for (let i = items.length - 1; i >= 0; i--) {
				const item = must(items[i], "transcript item");
				if (item.kind === "tool" && item.toolCallId === op.toolCallId && item.result === undefined) {
					const next = items.slice();
					next[i] = { ...item, result: op.result, settled: true };
					return next;
				}
			}
			return [...items, orphanResult(op)];
		}
		default: {
			const unreachable: never = op;
			return unreachable;
		}
	}
}

/** The live per-entry step: the same entryOp that replay() folds with. */
export function transcriptStep(items: readonly TranscriptItem[], entry: SessionEntry): TranscriptItem[] {
	return applyOp(items, entryOp(entry));
}

/**
 * The transcript of a path (root → leaf). A pure fold of entryOp; mutable inside so a 100k-entry
 * path stays linear. Tool calls whose result never came are settled at the end.
 */
export function replay(path: readonly SessionEntry[]): TranscriptItem[] {
	const items: TranscriptItem[] = [];
	const pendingByCall = new Map<string, number>();
	for (const entry of path) {
		const op = entryOp(entry);
		if (op.type === "append") {
			for (const item of op.items) {
				if (item.kind === "tool") pendingByCall.set(item.toolCallId, items.length);
				items.push(item);
			}
		} else if (op.type === "settle") {
			const index = pendingByCall.get(op.toolCallId);
			const item = index === undefined ? undefined : items[index];
			if (index !== undefined && item?.kind === "tool") {
				items[index] = { ...item, result: op.result, settled: true };
				pendingByCall.delete(op.toolCallId);
			} else {
				items.push(orphanResult(op));
			}
		}
	}
	return settleAll(items);
}

/** Entries replayed first when only the tail is wanted; grows ×4 until the budget is filled. */
const FIRST_WINDOW = 256;

function isToolResult(entry: SessionEntry): boolean {
	return entry.type === "message" && entry.message.role === "toolResult";
}

/**
 * The last items of the transcript that fit `budget` (a few screens), and how many items come
 * before them. Replays only a window at the end of the path, so opening a 100k-entry session costs
 * the same as a short one; a window never starts on a tool result (its call would be cut off).
 */
export function replayTail(path: readonly SessionEntry[], budget: TailBudget, expanded = false): { items: TranscriptItem[]; hidden: number } {
	for (let size = FIRST_WINDOW; ; size *= 4) {
		let start = Math.max(0, path.length - size);
		while (start > 0 && isToolResult(must(path[start], "path entry"))) start--;
		const items = replay(start === 0 ? path : path.slice(start));
		const keep = tailCount(items, budget, expanded);
		if (keep < items.length || start === 0) {
			let hidden = items.length - keep;
			for (const entry of path.slice(0, start)) hidden += entryItemCount(entry);
			return { items: items.slice(items.length - keep), hidden };
		}
	}
}
