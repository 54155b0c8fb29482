import { isWhiteSpace } from "./one-line.js";

/**
 * The UTF-8 bytes of `oneLineCut(text, inMax, outMax)` written into `buf` at `at`, in one pass
 * over the characters and without making the folded string (`arbor tree` folds 100k previews
 * straight into its output). Lone surrogates become U+FFFD, as `Buffer#write` encodes them.
 * Returns the offset after the bytes written, or -1 when the folded text keeps a control
 * character (see control-chars.ts): the caller then takes the string route, which sanitizes it.
 * `buf` must have `outMax * 3` bytes free at `at`.
 */
export function oneLineCutInto(buf: Uint8Array, at: number, text: string, inMax: number, outMax: number): number {
	const end = Math.min(text.length, Math.max(0, inMax));
	let pos = at;
	let units = 0; // UTF-16 code units of the folded text written so far
	let started = false;
	let space = false;
	let high = 0; // a high surrogate waiting for its low half
	for (let i = 0; i < end; i++) {
		let c = text.charCodeAt(i);
		if (c === 0x20 || (c < 0x20 && c >= 0x09 && c <= 0x0d) || (c >= 0xa0 && isWhiteSpace(c))) {
			space = started;
			continue;
		}
		if (units >= outMax) break;
		if (space) {
			if (high !== 0) pos = flushHigh(buf, pos, high);
			high = 0;
			buf[pos++] = 0x20;
			space = false;
			if (++units >= outMax) break;
		}
		if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return -1;
		units++;
		if (high !== 0) {
			if (c >= 0xdc00 && c <= 0xdfff) {
				const cp = 0x10000 + ((high - 0xd800) << 10) + (c - 0xdc00);
				buf[pos++] = 0xf0 | (cp >> 18);
				buf[pos++] = 0x80 | ((cp >> 12) & 0x3f);
				buf[pos++] = 0x80 | ((cp >> 6) & 0x3f);
				buf[pos++] = 0x80 | (cp & 0x3f);
				high = 0;
				started = true;
				continue;
			}
			pos = flushHigh(buf, pos, high);
			high = 0;
		}
		if (c < 0x80) buf[pos++] = c;
		else if (c < 0x800) {
			buf[pos++] = 0xc0 | (c >> 6);
			buf[pos++] = 0x80 | (c & 0x3f);
		} else if (c >= 0xd800 && c <= 0xdbff) high = c;
		else {
			if (c >= 0xdc00 && c <= 0xdfff) c = 0xfffd; // a lone low surrogate
			buf[pos++] = 0xe0 | (c >> 12);
			buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
			buf[pos++] = 0x80 | (c & 0x3f);
		}
		started = true;
	}
	return flushHigh(buf, pos, high);
}

/** A high surrogate left without its low half is written as U+FFFD (EF BF BD). */
function flushHigh(buf: Uint8Array, pos: number, high: number): number {
	if (high === 0) return pos;
	buf[pos] = 0xef;
	buf[pos + 1] = 0xbf;
	buf[pos + 2] = 0xbd;
	return pos + 3;
}
