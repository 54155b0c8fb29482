/**
 * A unified diff for a single replacement. `edit` changes exactly one region, so instead of a
 * general LCS diff we diff the whole lines around the replaced span, trimmed of common lines.
 */

/** Where the old text was replaced: character offset in the old file and both texts. */
export type Replacement = { before: string; index: number; oldText: string; newText: string };

const CONTEXT = 3;

/** Renders a one-hunk unified diff (`--- a/…`, `+++ b/…`, `@@ -a,b +c,d @@`). */
export function replacementDiff(file: string, rep: Replacement): string {
	const after = rep.before.slice(0, rep.index) + rep.newText + rep.before.slice(rep.index + rep.oldText.length);
	const oldLines = splitLines(rep.before);
	const newLines = splitLines(after);
	let start = lineOf(rep.before, rep.index);
	let oldEnd = Math.min(oldLines.length, lineOf(rep.before, rep.index + rep.oldText.length) + 1);
	let newEnd = oldEnd + (newLines.length - oldLines.length);
	while (start < oldEnd && start < newEnd && oldLines[start] === newLines[start]) start++;
	while (oldEnd > start && newEnd > start && oldLines[oldEnd - 1] === newLines[newEnd - 1]) {
		oldEnd--;
		newEnd--;
	}
	const ctxStart = Math.max(0, start - CONTEXT);
	const ctxEnd = Math.min(oldLines.length, oldEnd + CONTEXT);
	const body = [
		...oldLines.slice(ctxStart, start).map((l) => ` ${l}`),
		...oldLines.slice(start, oldEnd).map((l) => `-${l}`),
		...newLines.slice(start, newEnd).map((l) => `+${l}`),
		...oldLines.slice(oldEnd, ctxEnd).map((l) => ` ${l}`),
	];
	const oldCount = ctxEnd - ctxStart;
	const newCount = oldCount - (oldEnd - start) + (newEnd - start);
	const header = `@@ -${range(ctxStart, oldCount)} +${range(ctxStart, newCount)} @@`;
	return [`--- a/${file}`, `+++ b/${file}`, header, ...body].join("\n");
}

function range(start: number, count: number): string {
	// Unified diff numbers lines from 1; an empty range points at the line before it.
	return `${count === 0 ? start : start + 1},${count}`;
}

function splitLines(text: string): string[] {
	const lines = text.split(/\r?\n/);
	if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
	return lines;
}

function lineOf(text: string, index: number): number {
	let n = 0;
	for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
	return n;
}
