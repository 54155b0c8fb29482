import { contentText } from "../session/content.js";
import { FileLines } from "./file-lines.js";
/** What an importer produces: a v3 session's entries (without header) and what it left out. */
export type ImportedEntry = { type: string; id: string; parentId: string | null; timestamp: string; [key: string]: unknown };

/** Counts of what was not converted, by reason ("sidechain record", "malformed line 12", …). */
export type Skipped = Map<string, number>;

/**
 * Where a converter puts its entries, in file order, as it makes them. The entry put last may
 * still change (a reply whose next record is merged into it) until the next one is put or the
 * conversion returns; the ones before it are final.
 */
export type EntrySink = (entry: ImportedEntry) => void;

export type Converted = {
	format: "claude-code" | "codex";
	sourceSessionId?: string;
	cwd?: string;
	startedAt?: string;
	/** How many entries were put. */
	count: number;
	skipped: Skipped;
};

/**
 * What a converter has learned of the source's session so far, filled in as it reads (the importer
 * places its output by it before the conversion ends); the final values are also in Converted.
 */
export type SourceFacts = { sourceSessionId?: string; cwd?: string; startedAt?: string };

export function skip(skipped: Skipped, reason: string): void {
	skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
}

/** A source file's contents: its bytes (each line decoded on its own), its text, or the file read in chunks. */
export type Source = string | Buffer | FileLines;

/**
 * The lines of a source, as text. Bytes are decoded a line at a time: no second copy of a large
 * file as one string, and JSON.parse reads a line of its own faster than a slice of a large
 * string. A newline byte is never part of a UTF-8 sequence, so the text is the same either way.
 */
function* textLines(source: Source): Generator<string> {
	if (source instanceof FileLines) return yield* source.lines();
	const text = typeof source === "string";
	for (let start = 0; start < source.length; ) {
		const end = text ? source.indexOf("\n", start) : source.indexOf(10, start);
		const stop = end === -1 ? source.length : end;
		yield text ? source.slice(start, stop) : source.toString("utf8", start, stop);
		start = stop + 1;
	}
}

/**
 * Lines of a JSONL source, parsed one at a time as the caller asks for them (a 50 MB source is
 * never held as a second copy of parsed lines); blank lines are passed over, a malformed line is
 * reported with its number and skipped. `raw` is the line's text (for copying verbatim values,
 * raw-json.ts).
 */
export function* jsonLines(source: Source, skipped: Skipped): Generator<{ line: number; value: Record<string, unknown>; raw: string }> {
	let line = 0;
	for (const raw of textLines(source)) {
		line++;
		if (raw.length === 0) continue;
		let value: unknown;
		try {
			value = JSON.parse(raw);
		} catch {
			if (raw.trim() !== "") skip(skipped, `line ${line}: malformed JSON`);
			continue;
		}
		if (value && typeof value === "object" && !Array.isArray(value)) yield { line, value: value as Record<string, unknown>, raw };
		else skip(skipped, `line ${line}: not a JSON object`);
	}
}

/** toISOString's form, with the hour, minute and second in range. */
const ISO = /^\d{4}-\d\d-\d\dT([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The date part (`YYYY-MM-DDT`) last found to be a real day: a source's records share a few days. */
let knownDay = "";

/**
 * Whether `value` is already what `new Date(Date.parse(value)).toISOString()` returns: the same
 * format with a real date and time (Date.parse rolls Feb 30 or 24:00 over to the next day).
 */
function canonicalIso(v: string): boolean {
	if (!ISO.test(v)) return false;
	if (knownDay !== "" && v.startsWith(knownDay)) return true;
	const n = (i: number, len: number) => Number(v.slice(i, i + len));
	const year = n(0, 4);
	const month = n(5, 2);
	const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
	const days = month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] ?? 0);
	const day = n(8, 2);
	if (day < 1 || day > days) return false;
	knownDay = v.slice(0, 11);
	return true;
}

/** A source timestamp as ISO text (parsed once, unless it is ISO text already), or the fallback when it is none. */
export function isoOf(value: unknown, fallback: string): string {
	if (typeof value !== "string") return fallback;
	if (canonicalIso(value)) return value;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? fallback : new Date(ms).toISOString();
}

/** The text of a source's content (a tool result, a summary): string or blocks via contentText, else JSON. */
export function sourceText(content: unknown): string {
	if (typeof content === "string" || Array.isArray(content)) return contentText(content);
	return content === undefined || content === null ? "" : JSON.stringify(content);
}
