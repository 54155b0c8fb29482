/**
 * An entry line's type, id and parent read from its head without parsing the whole line: arbor and
 * pi write `{"type":…,"id":…,"parentId":…,` first, so for almost every line a look at its first
 * bytes tells what a sync needs (merging two 100k-entry copies parsed every line of both before).
 * A line whose head has another shape, escapes in those strings, or that does not end in `}` is
 * answered undefined: the caller parses it. Lines read this way are parsed before they move (pushed
 * or appended; see `parses`), so a damaged line is never sent or written.
 */

/** What the head of an entry line says. */
export type LineHead = { type: string; id: string; parentId: string | null };

const TYPE = Buffer.from('{"type":"');
const ID = Buffer.from('","id":"');
const PARENT = Buffer.from('","parentId":');
const NULL = Buffer.from("null");
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether `buf` holds `word` at `at` (a loop: Buffer.compare's checks cost more than these few bytes). */
function holds(buf: Buffer, at: number, word: Buffer): boolean {
	if (at + word.length > buf.length) return false;
	for (let i = 0; i < word.length; i++) if (buf[at + i] !== word[i]) return false;
	return true;
}

/** Where the string starting at `from` ends (its closing quote), or -1 when it is empty, has an escape or no end before `end`. */
function stringEnd(buf: Buffer, from: number, end: number): number {
	for (let i = from; i < end; i++) {
		const b = buf[i];
		if (b === QUOTE) return i === from ? -1 : i;
		if (b === BACKSLASH) return -1;
	}
	return -1;
}

/**
 * The head of the line in `buf[start, end)`, or undefined when it must be parsed. Read byte by byte
 * (no string of the line is made: a slice of one would keep it alive, ~50 MB over 200k lines).
 */
export function lineHead(buf: Buffer, start: number, end: number): LineHead | undefined {
	if (end - start < 2 || buf[end - 1] !== 0x7d || !holds(buf, start, TYPE)) return undefined;
	const typeEnd = stringEnd(buf, start + TYPE.length, end);
	if (typeEnd < 0 || !holds(buf, typeEnd, ID)) return undefined;
	const idEnd = stringEnd(buf, typeEnd + ID.length, end);
	if (idEnd < 0 || !holds(buf, idEnd, PARENT)) return undefined;
	let at = idEnd + PARENT.length;
	let parentId: string | null = null;
	if (holds(buf, at, NULL)) at += NULL.length;
	else if (buf[at] === QUOTE) {
		const parentEnd = stringEnd(buf, at + 1, end);
		if (parentEnd < 0) return undefined;
		parentId = buf.toString("utf8", at + 1, parentEnd);
		at = parentEnd + 1;
	} else return undefined;
	if (buf[at] !== 0x2c && buf[at] !== 0x7d) return undefined;
	return { type: buf.toString("latin1", start + TYPE.length, typeEnd), id: buf.toString("utf8", typeEnd + ID.length, idEnd), parentId };
}

/** Whether a line is JSON (an object). */
export function parses(line: Buffer | string): boolean {
	try {
		const v: unknown = JSON.parse(typeof line === "string" ? line : line.toString("utf8"));
		return typeof v === "object" && v !== null && !Array.isArray(v);
	} catch {
		return false;
	}
}
