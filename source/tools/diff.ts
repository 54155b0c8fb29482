/**
 * A unified diff for an edit's replacements. An edit changes only the regions it names, so instead
 * of a general LCS diff each region's whole lines are diffed, trimmed of the lines they share;
 * regions on the same lines are one change, and changes whose context lines meet are one hunk.
 */

/** A region replaced: its character offset in the old file, the text that was there and the new. */
type Region = { index: number; oldText: string; newText: string };

const CONTEXT = 3;

/** A change in line numbers (0-based, end exclusive), old and new. */
type Change = { oldStart: number; oldEnd: number; newStart: number; newEnd: number };

/** `before` with `regions` (sorted, not overlapping) replaced. */
export function applyRegions(before: string, regions: readonly Region[]): string {
	let after = "";
	let at = 0;
	for (const r of regions) {
		after += before.slice(at, r.index) + r.newText;
		at = r.index + r.oldText.length;
	}
	return after + before.slice(at);
}

/** The unified diff of `regions` (sorted by index, not overlapping) replaced in `before`. */
export function replacementsDiff(file: string, before: string, regions: readonly Region[]): string {
	const oldLines = splitLines(before);
	const newLines = splitLines(applyRegions(before, regions));
	const all = lineChanges(before, regions).map((c) => trimmed(c, oldLines, newLines));
	const real = all.filter((c) => c.oldEnd > c.oldStart || c.newEnd > c.newStart);
	// A replacement that changes nothing still shows where it was: its context lines.
	const changes = real.length > 0 ? real : all.slice(0, 1);
	const out = [`--- a/${file}`, `+++ b/${file}`];
	for (let i = 0; i < changes.length; ) {
		// A hunk: this change and those whose context meets the one before.
		let j = i + 1;
		while (j < changes.length && (changes[j]?.oldStart ?? 0) - CONTEXT <= (changes[j - 1]?.oldEnd ?? 0) + CONTEXT) j++;
		out.push(...hunk(changes.slice(i, j), oldLines, newLines));
		i = j;
	}
	return out.join("\n");
}

/** Each region's whole lines, old and new; regions on a shared line are one change. */
function lineChanges(before: string, regions: readonly Region[]): Change[] {
	const changes: (Change & { delta: number })[] = [];
	let shift = 0; // new lines minus old lines before the change being built
	for (const r of regions) {
		const start = lineOf(before, r.index);
		const end = lineOf(before, r.index + r.oldText.length) + 1;
		const delta = newlines(r.newText) - newlines(r.oldText);
		const last = changes.at(-1);
		if (last && start < last.oldEnd) {
			last.oldEnd = Math.max(last.oldEnd, end);
			last.delta += delta;
			continue;
		}
		if (last) shift += last.delta;
		changes.push({ oldStart: start, oldEnd: end, newStart: start + shift, newEnd: 0, delta });
	}
	return changes.map(({ delta, ...c }) => ({ ...c, newEnd: c.newStart + (c.oldEnd - c.oldStart) + delta }));
}

/** A change without the lines its old and new sides share at either end. */
function trimmed(c: Change, oldLines: readonly string[], newLines: readonly string[]): Change {
	let { oldStart, oldEnd, newStart, newEnd } = c;
	oldEnd = Math.min(oldEnd, oldLines.length);
	newEnd = Math.min(newEnd, newLines.length);
	while (oldStart < oldEnd && newStart < newEnd && oldLines[oldStart] === newLines[newStart]) {
		oldStart++;
		newStart++;
	}
	while (oldEnd > oldStart && newEnd > newStart && oldLines[oldEnd - 1] === newLines[newEnd - 1]) {
		oldEnd--;
		newEnd--;
	}
	return { oldStart, oldEnd, newStart, newEnd };
}

/** One hunk: its header, then context, `-` and `+` lines for each change. */
function hunk(changes: readonly Change[], oldLines: readonly string[], newLines: readonly string[]): string[] {
	const first = changes[0];
	const last = changes.at(-1);
	if (!first || !last) return [];
	const ctxStart = Math.max(0, first.oldStart - CONTEXT);
	const ctxEnd = Math.min(oldLines.length, last.oldEnd + CONTEXT);
	const body: string[] = [];
	let at = ctxStart;
	let grown = 0;
	for (const c of changes) {
		body.push(...oldLines.slice(at, c.oldStart).map((l) => ` ${l}`));
		body.push(...oldLines.slice(c.oldStart, c.oldEnd).map((l) => `-${l}`));
		body.push(...newLines.slice(c.newStart, c.newEnd).map((l) => `+${l}`));
		grown += c.newEnd - c.newStart - (c.oldEnd - c.oldStart);
		at = c.oldEnd;
	}
	body.push(...oldLines.slice(at, ctxEnd).map((l) => ` ${l}`));
	const oldCount = ctxEnd - ctxStart;
	const newStart = first.newStart - (first.oldStart - ctxStart);
	return [`@@ -${range(ctxStart, oldCount)} +${range(newStart, oldCount + grown)} @@`, ...body];
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

function newlines(text: string): number {
	let n = 0;
	for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
	return n;
}

function lineOf(text: string, index: number): number {
	let n = 0;
	for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
	return n;
}
