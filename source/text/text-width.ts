/**
 * Text measured the way a terminal draws it: by grapheme cluster (what a user sees as one
 * character: an emoji with modifiers, a letter with combining marks) and by display column
 * (CJK and most emoji take two). Every cursor move, delete, cut and pad in arbor goes through here,
 * so no surrogate pair is ever split and no row wraps because it was counted in UTF-16 units.
 */
import type stringWidthOf from "string-width";
import { graphemePieces, PIECE } from "./grapheme-chunks.js";

/*
 * Both are made at first use, not when this module loads: string-width compiles its Unicode
 * regular expressions (`\p{RGI_Emoji}` alone ~15 ms) and a segmenter loads ICU's break data
 * (~10 ms), ~30 ms of every command's start, while most commands print ASCII only. A `require()` of
 * an ES module is what esbuild bundles as a module run on its first call (dynamic `import()` would
 * make every measure asynchronous); Node ≥ 20.19 and vitest both provide `require` here.
 */
let stringWidth: typeof stringWidthOf | undefined;
let segmenter: Intl.Segmenter | undefined;

function loadStringWidth(): typeof stringWidthOf {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- lazily run module (see above)
	stringWidth ??= (require("string-width") as { default: typeof stringWidthOf }).default;
	return stringWidth;
}

function graphemeSegmenter(): Intl.Segmenter {
	segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
	return segmenter;
}

/** The grapheme clusters of `text`, in order (a long text segmented piece by piece: grapheme-chunks.ts). */
export function graphemes(text: string): string[] {
	const segment = (piece: string) => Array.from(graphemeSegmenter().segment(piece), (s) => s.segment);
	return text.length <= PIECE ? segment(text) : graphemePieces(text).flatMap(segment);
}

/**
 * One column each, as string-width counts them (test/text/text-width.test.ts checks every one):
 * printable ASCII, the box-drawing block (tree gutters), and the tree's and pickers' markers
 * `…` `•` `›` `●` `←` `↑` `→` `↓` `⊞` `⊟`. string-width's own shortcut covers ASCII only, so a
 * gutter row (`│  ├─ `) went through its full grapheme walk: a third of `arbor tree`'s time.
 */
function isNarrow(code: number): boolean {
	if (code >= 0x20 && code <= 0x7e) return true;
	if (code >= 0x2500 && code <= 0x257f) return true;
	switch (code) {
		case 0x2026:
		case 0x2022:
		case 0x203a:
		case 0x25cf:
		case 0x2190:
		case 0x2191:
		case 0x2192:
		case 0x2193:
		case 0x229e:
		case 0x229f:
			return true;
		default:
			return false;
	}
}

/** The full measure (graphemes, East Asian widths, emoji), as an object so a test can count its calls. */
export const fullWidth = { measure: (text: string): number => loadStringWidth()(text) };

/** Columns `text` takes in a terminal (no escape sequences expected: sanitize first). */
export function displayWidth(text: string): number {
	for (let i = 0; i < text.length; i++) if (!isNarrow(text.charCodeAt(i))) return measured(text);
	return text.length;
}

/** The full measure, a long text piece by piece (the sum is the same: widths add up cluster by cluster). */
function measured(text: string): number {
	if (text.length <= PIECE || text.includes("\u001b") || text.includes("\u009b")) return fullWidth.measure(text);
	let width = 0;
	for (const piece of graphemePieces(text)) width += fullWidth.measure(piece);
	return width;
}

/**
 * The code-unit offset of the grapheme boundary before `offset` (0 at the start). Used to move a
 * cursor left or delete backwards by one user-visible character. `containing` finds the cluster
 * without walking the text from its start (on Node 20 that walk takes seconds for a long paste).
 */
export function previousBoundary(text: string, offset: number): number {
	if (offset <= 0) return 0;
	return graphemeSegmenter().segment(text).containing(Math.min(offset, text.length) - 1)?.index ?? 0;
}

/** The code-unit offset of the grapheme boundary after `offset` (`text.length` at the end). */
export function nextBoundary(text: string, offset: number): number {
	if (offset >= text.length) return text.length;
	const cluster = graphemeSegmenter().segment(text).containing(Math.max(0, offset));
	return cluster ? cluster.index + cluster.segment.length : text.length;
}

/**
 * `text` cut to at most `columns` display columns, never inside a grapheme; when it is cut,
 * `ellipsis` (counted in the width) ends it.
 */
export function cutToWidth(text: string, columns: number, ellipsis = "…"): string {
	if (columns <= 0) return "";
	if (displayWidth(text) <= columns) return text;
	const room = columns - displayWidth(ellipsis);
	if (room < 0) return "";
	let out = "";
	let used = 0;
	// Piece by piece, so a long text is not split into clusters past the cut.
	for (const piece of graphemePieces(text)) {
		for (const g of graphemes(piece)) {
			const w = displayWidth(g);
			if (used + w > room) return out + ellipsis;
			out += g;
			used += w;
		}
	}
	return out + ellipsis;
}

/** `text` padded with spaces on the right to exactly `columns` display columns (cut first if wider). */
export function padToWidth(text: string, columns: number): string {
	const cut = cutToWidth(text, columns);
	return cut + " ".repeat(Math.max(0, columns - displayWidth(cut)));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with every lone surrogate (half of an emoji) replaced by U+FFFD, so it is valid UTF-8. */
export function wellFormed(text: string): string {
	return text.replace(LONE_SURROGATE, "\uFFFD");
}
