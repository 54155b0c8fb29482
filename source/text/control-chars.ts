/**
 * What a control character is, defined once: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F).
 * The terminal sanitizer, the key parser and the confirm prompt all build their checks from it,
 * differing only in which few they spare (terminal text keeps `\t` and `\n`).
 */
const CONTROL_RANGES: readonly (readonly [number, number])[] = [
	[0x00, 0x1f],
	[0x7f, 0x9f],
];

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
