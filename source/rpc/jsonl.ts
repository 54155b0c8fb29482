import { StringDecoder } from "node:string_decoder";
import { redactJson } from "../text/secrets.js";

/** One protocol record: JSON and one LF (U+2028/U+2029 stay inside strings, as JSON allows); no provider key in it. */
export function jsonLine(value: unknown): string {
	return `${redactJson(JSON.stringify(value))}\n`;
}

/**
 * Strict JSON-lines framing: records end at LF only (a trailing CR is dropped), never at U+2028 or
 * U+2029 as Node's readline would split them. A last record without LF is delivered at the end.
 * Returns a function that splits a chunk (or, called with no argument, flushes at end of input).
 */
export function lineSplitter(onLine: (line: string) => void): (chunk?: Buffer | string) => void {
	const decoder = new StringDecoder("utf8");
	let buffer = "";
	const emit = (line: string) => onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
	return (chunk) => {
		if (chunk === undefined) {
			buffer += decoder.end();
			if (buffer !== "") emit(buffer);
			buffer = "";
			return;
		}
		buffer += typeof chunk === "string" ? chunk : decoder.write(chunk);
		let newline = buffer.indexOf("\n");
		while (newline !== -1) {
			emit(buffer.slice(0, newline));
			buffer = buffer.slice(newline + 1);
			newline = buffer.indexOf("\n");
		}
	};
}
