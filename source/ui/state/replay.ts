import type { SessionEntry } from "../../session/types.js";
import { entryOp, orphanResult, settleAll, type TranscriptItem, type TranscriptOp } from "./transcript.js";

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
				const item = items[i]!;
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
