import { StringDecoder } from "node:string_decoder";
import { redactJson } from "../text/secrets.js";

/** One protocol record: JSON and one LF (U+2028/U+2029 stay inside strings, as JSON allows); no provider key in it. */
export function jsonLine(value: unknown): string {
	return `${redactJson(JSON.stringify(value))}\n`;
}

/** The longest command line RPC reads (characters): a prompt with pictures in base64 fits; more is refused. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

/**
 * Strict JSON-lines framing: records end at LF only (a trailing CR is dropped), never at U+2028 or
 * U+2029 as Node's readline would split them. A last record without LF is delivered at the end.
 * Only the new chunk is searched for LF (a long line costs its length, not its length squared); a
 * line longer than `maxChars` is dropped as it arrives, up to its LF, and reported once to
 * `onTooLong`. Returns a function that splits a chunk (or, called with no argument, flushes at end
 * of input).
 */
export function lineSplitter(
	onLine: (line: string) => void,
	opts: { maxChars?: number; onTooLong?: (maxChars: number) => void } = {},
): (chunk?: Buffer | string) => void {
	const decoder = new StringDecoder("utf8");
	const max = opts.maxChars ?? MAX_LINE_CHARS;
	let pieces: string[] = [];
	let length = 0;
	let dropping = false;
	const add = (text: string) => {
		if (dropping || text === "") return;
		if (length + text.length > max) {
			[pieces, length, dropping] = [[], 0, true];
			opts.onTooLong?.(max);
			return;
		}
		pieces.push(text);
		length += text.length;
	};
	const end = (last: boolean) => {
		const line = pieces.length === 1 ? (pieces[0] ?? "") : pieces.join("");
		if (!dropping && !(last && line === "")) onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
		[pieces, length, dropping] = [[], 0, false];
	};
	return (chunk) => {
		if (chunk === undefined) {
			add(decoder.end());
			end(true);
			return;
		}
		const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
		let start = 0;
		for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
			add(text.slice(start, newline));
			end(false);
			start = newline + 1;
		}
		add(text.slice(start));
	};
}
