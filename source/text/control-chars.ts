/**
 * What a control character is, defined once: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F), and
 * the bidirectional formatting characters ({@link isBidiControl}). The terminal sanitizer, the key
 * parser and the confirm prompt all build their checks from it, differing only in which few they
 * spare (terminal text keeps `\t` and `\n`).
 */
const BIDI_RANGES: readonly (readonly [number, number])[] = [
	[0x061c, 0x061c],
	[0x200e, 0x200f],
	[0x202a, 0x202e],
	[0x2066, 0x2069],
];
const CONTROL_RANGES: readonly (readonly [number, number])[] = [[0x00, 0x1f], [0x7f, 0x9f], ...BIDI_RANGES];

/**
 * The bidirectional formatting characters: the Arabic letter mark U+061C, the marks U+200E/U+200F,
 * the embeddings and overrides U+202A–U+202E and the isolates U+2066–U+2069. Printed, they reorder
 * the text around them, so what a label, a file name or a diff shows is not what it holds ("Trojan
 * Source", CVE-2021-42574); the sanitizer drops them (there is no symbol to show in their place).
 */
export function isBidiControl(code: number): boolean {
	return BIDI_RANGES.some(([lo, hi]) => code >= lo && code <= hi);
}

/** Whether the UTF-16 code unit (or code point) `code` is a control character. */
export function isControl(code: number): boolean {
	return CONTROL_RANGES.some(([lo, hi]) => code >= lo && code <= hi);
}

const u = (c: number) => `\\u${c.toString(16).padStart(4, "0")}`;

/**
 * A regex character class of the control characters, minus the characters in `except`; `negate`
 * gives the class of everything else. A plain class (no lookahead, no `v` flag): the sanitizer
 * scans every streamed reply with it, and a plain class is several times faster.
 */
export function controlClass(opts: { except?: string; negate?: boolean } = {}): string {
	const except = opts.except ?? "";
	const ranges: string[] = [];
	for (const [lo, hi] of CONTROL_RANGES) {
		let from = lo;
		for (let c = lo; c <= hi + 1; c++) {
			if (c <= hi && !except.includes(String.fromCharCode(c))) continue;
			if (from < c) ranges.push(from === c - 1 ? u(from) : `${u(from)}-${u(c - 1)}`);
			from = c + 1;
		}
	}
	return `[${opts.negate ? "^" : ""}${ranges.join("")}]`;
}
