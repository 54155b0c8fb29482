/**
 * A long text cut into pieces at places that are surely grapheme boundaries, so each piece can be
 * segmented on its own. Node 20's `Intl.Segmenter` takes time quadratic in the length of the text
 * it walks (40,000 characters: 1 s; 114,000: a minute; Node 24: 36 ms), and a pasted log or file
 * is that long. The pieces are segmented as the whole would be: grapheme rules look at the two
 * code units around a boundary, and the places chosen here break under every rule.
 */

/** Code units of a piece before a boundary is looked for. */
export const PIECE = 256;

/**
 * Code units that never join the one before or after them into a cluster: no combining mark,
 * joiner, variation selector, control, prepend or spacing mark, Hangul jamo or surrogate half.
 * Printable ASCII, Latin and IPA letters, Greek and Cyrillic (less their combining marks),
 * punctuation, arrows, symbols and box drawing, CJK punctuation, kana (less the voiced marks), CJK
 * ideographs, Hangul syllables and full-width forms.
 */
function standsAlone(c: number): boolean {
	return (
		(c >= 0x20 && c <= 0x7e) ||
		(c >= 0xa0 && c <= 0x2af && c !== 0xad) ||
		(c >= 0x370 && c <= 0x482) ||
		(c >= 0x48a && c <= 0x52f) ||
		(c >= 0x2010 && c <= 0x2027) ||
		(c >= 0x2030 && c <= 0x205e) ||
		(c >= 0x2190 && c <= 0x2bff) ||
		(c >= 0x3000 && c <= 0x3029) ||
		(c >= 0x3040 && c <= 0x3098) ||
		(c >= 0x309b && c <= 0x30ff) ||
		(c >= 0x3400 && c <= 0x4dbf) ||
		(c >= 0x4e00 && c <= 0x9fff) ||
		(c >= 0xac00 && c <= 0xd7a3) ||
		(c >= 0xff01 && c <= 0xff9d)
	);
}

/** True when a grapheme boundary surely falls between `text[p - 1]` and `text[p]`. */
export function surelyBoundary(text: string, p: number): boolean {
	const a = text.charCodeAt(p - 1);
	const b = text.charCodeAt(p);
	if (a === 0x0a) return true; // always a break after a line feed
	if (b === 0x0a) return a !== 0x0d; // and before one, but for CR LF
	return standsAlone(a) && standsAlone(b);
}

/**
 * `text` in pieces of at least PIECE code units (the last one may be shorter), each ending at a
 * sure boundary; a text with no such place after PIECE is one piece from there on. Joined, they
 * are `text`.
 */
export function graphemePieces(text: string): string[] {
	const pieces: string[] = [];
	let start = 0;
	while (text.length - start > PIECE) {
		let p = start + PIECE;
		while (p < text.length && !surelyBoundary(text, p)) p++;
		pieces.push(text.slice(start, p));
		start = p;
	}
	if (start < text.length || pieces.length === 0) pieces.push(text.slice(start));
	return pieces;
}
