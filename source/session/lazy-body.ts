// Over 200 lines: the lazy accessors and the byte-range reader under them are one mechanism.
import * as fs from "node:fs";
import { errorMessage } from "../text/error-text.js";
import { type BodyPlace, TextHead, WHERE } from "./body-head.js";
import { SessionError } from "./types.js";
import { PackedUsages } from "./packed-usage.js";

/**
 * Message bodies kept on disk (issue 17 items 13 and 16). An entry loaded from a v3 file whose
 * line is long keeps in memory only what the tree, the path and context building's walk need (id,
 * parent, type, timestamp, role, short strings, usage); each long or structured field (message
 * content, tool result details, bash output, summaries, custom data) becomes an enumerable
 * accessor that reads the entry's line back from the file by byte range and parses it. Readers
 * see ordinary properties: `entry.message.content`, spreading, JSON.stringify and structured
 * clones all work, in the file's key order. Session files are append-only, so a byte range
 * stays valid while this process appends; the file is read through the descriptor opened at
 * load, so a rename or trash of the file does not change what a range means.
 */

/** Lines shorter than this are kept whole: their bodies cost less than the bookkeeping. */
export const LAZY_LINE_MIN = 512;
/** Strings at least this long become lazy; shorter ones stay (previews, names, commands). */
const LONG_STRING = 256;
/** Small structured fields every path walk reads (the status line sums usage). */
const EAGER_OBJECTS = new Set(["usage"]);
/** Entry fields never made lazy: identity and tree links. */
const ENTRY_KEYS = new Set(["type", "id", "parentId", "timestamp"]);
/** Parsed lines kept for repeated reads of the same entry (`m.content`, then `m.details`), by count and bytes. */
const CACHE_LINES = 64;
const CACHE_BYTES = 16 * 1024 * 1024;

/** Where an object's lazy fields are: its line in `source`, and (for a message) under `message`. */
type Where = BodyPlace & {
	readonly source: BodySource;
	readonly offset: number;
	readonly length: number;
	readonly inMessage: boolean;
	/** The message's usage record in `source.usages` (-1: none packed). */
	usage: number;
};

/** A literal with every field: V8 sizes it for exactly these (a class instance kept spare room). */
function where(source: BodySource, offset: number, length: number, inMessage: boolean): Where {
	return { source, offset, length, inMessage, headKey: undefined, head: undefined, usage: -1 };
}

/**
 * Plain objects (prototype Object.prototype) made with `new`, so V8 sizes them for the fields they
 * get: a `{}` holds 4 fields in the object and spills the rest into a second array. One maker for
 * entries, one for messages (each learns its own size).
 */
function objectMaker(): new () => Obj {
	const Made = function (this: Obj) {
		// fields are added by slim()
	} as unknown as new () => Obj;
	Made.prototype = Object.prototype;
	return Made;
}
const SlimEntryObject = objectMaker();
const SlimMessageObject = objectMaker();

/** Short values that repeat on every message (model, provider…): one string each, not one per entry. */
const SHARED_KEYS = new Set(["role", "api", "provider", "model", "stopReason", "toolName", "customType"]);
const shared = new Map<string, string>();
const SHARED_MAX = 10_000;

function sharedString(value: string): string {
	const known = shared.get(value);
	if (known !== undefined) return known;
	if (shared.size < SHARED_MAX && value.length <= 100) shared.set(value, value);
	return value;
}

/**
 * Whether `key` of `holder` keeps a head: what a tree row previews. A message's content (not a tool
 * result's: its row names the tool call), a custom message's content, a branch summary's text.
 */
function keepsHead(holder: Obj, key: string, inMessage: boolean): boolean {
	if (inMessage) return key === "content" && holder.role !== "toolResult";
	return (key === "content" && holder.type === "custom_message") || (key === "summary" && holder.type === "branch_summary");
}
/**
 * Characters of each text a head keeps: one more than the tree's longest preview (240, cut from
 * each part's first 241 characters), so a preview made from the head is the preview of the whole.
 */
export const HEAD_CHARS = 241;
/**
 * Characters of any other text a head keeps (a summary, a tool call's arguments): a row's line is
 * folded from its first 480 characters (tree/preview.ts: previewLine), so one more than that.
 */
export const LINE_HEAD_CHARS = 481;

type Obj = Record<string | symbol, unknown>;

const closer = new FinalizationRegistry<number>((fd) => {
	try {
		fs.closeSync(fd);
	} catch {
		// already closed: nothing to release
	}
});

/** The open session file bodies are read from, with a small cache of parsed lines. */
export class BodySource {
	private readonly cache = new Map<number, { value: Obj; length: number }>();
	private cached = 0;
	/** Set once an entry reads from this source: the descriptor must then stay open. */
	used = false;
	/** The usage records of slimmed messages (see packed-usage.ts). */
	readonly usages = new PackedUsages();

	constructor(
		readonly file: string,
		private readonly fd: number,
	) {
		closer.register(this, fd, this);
	}

	/** Close the descriptor now (no entry uses it). */
	release(): void {
		closer.unregister(this);
		fs.closeSync(this.fd);
	}

	/** The parsed line at `offset` (`length` bytes, no newline). Throws SessionError if it no longer parses. */
	line(offset: number, length: number): Obj {
		const hit = this.cache.get(offset);
		if (hit) return hit.value;
		const buf = Buffer.allocUnsafe(length);
		let value: unknown;
		try {
			let got = 0;
			while (got < length) {
				const n = fs.readSync(this.fd, buf, got, length - got, offset + got);
				if (n === 0) break;
				got += n;
			}
			value = JSON.parse(buf.toString("utf8", 0, got));
		} catch (error) {
			throw new SessionError("unreadable", `cannot read back an entry of ${this.file} at byte ${offset}: ${errorMessage(error)}`);
		}
		const parsed = value as Obj;
		this.remember(offset, parsed, length);
		return parsed;
	}

	private remember(offset: number, value: Obj, length: number): void {
		if (length > CACHE_BYTES) return;
		for (const [at, old] of this.cache) {
			if (this.cache.size < CACHE_LINES && this.cached + length <= CACHE_BYTES) break;
			this.cache.delete(at);
			this.cached -= old.length;
		}
		this.cache.set(offset, { value, length });
		this.cached += length;
	}
}

const accessors = new Map<string, PropertyDescriptor>();

/** One shared descriptor per field name, so objects with the same fields share their shape. */
function accessor(key: string): PropertyDescriptor {
	let d = accessors.get(key);
	if (!d) {
		d = {
			enumerable: true,
			configurable: true,
			get(this: Obj) {
				const at = this[WHERE] as Where;
				const line = at.source.line(at.offset, at.length);
				const holder = (at.inMessage ? line.message : line) as Obj;
				return holder[key];
			},
			set(this: Obj, value: unknown) {
				Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
			},
		};
		accessors.set(key, d);
	}
	return d;
}

/** A message's `usage` read from its packed numbers (a new object each time), written as a plain field. */
const USAGE_ACCESSOR: PropertyDescriptor = {
	enumerable: true,
	configurable: true,
	get(this: Obj) {
		const at = this[WHERE] as Where;
		return at.source.usages.at(at.usage);
	},
	set(this: Obj, value: unknown) {
		Object.defineProperty(this, "usage", { value, writable: true, enumerable: true, configurable: true });
	},
};

/** Keeps a message's usage as packed numbers when it has pi's shape (true), else leaves it to the caller. */
function packUsage(out: Obj, value: unknown, at: Where): boolean {
	const slot = at.source.usages.pack(value);
	if (slot === -1) return false;
	at.usage = slot;
	Object.defineProperty(out, "usage", USAGE_ACCESSOR);
	return true;
}

function isLong(value: unknown, key: string): boolean {
	if (typeof value === "string") return value.length >= LONG_STRING;
	return typeof value === "object" && value !== null && !EAGER_OBJECTS.has(key);
}

/**
 * A tool result stored by arbor before 0.2 (one text part holding `{"output":…}`): context
 * building unwraps it on every build, so its content stays in memory (see unwrapLegacyToolResult).
 */
function isLegacyToolResult(message: Obj): boolean {
	const parts = message.content;
	if (message.role !== "toolResult" || !Array.isArray(parts) || parts.length !== 1) return false;
	const text = (parts[0] as Obj | null)?.text;
	return typeof text === "string" && text.startsWith('{"output":');
}

/** A copy of `full` (same key order) whose long fields are read from `where` when asked. */
function slim(full: Obj, at: Where, keep: ReadonlySet<string> | undefined): Obj {
	const out = at.inMessage ? new SlimMessageObject() : new SlimEntryObject();
	let lazy = false;
	for (const key of Object.keys(full)) {
		const value = full[key];
		if (at.inMessage === false && key === "message" && typeof value === "object" && value !== null && !Array.isArray(value)) {
			out[key] = slim(value as Obj, where(at.source, at.offset, at.length, true), undefined);
		} else if (at.inMessage && key === "usage" && packUsage(out, value, at)) {
			lazy = true;
		} else if (!keep?.has(key) && isLong(value, key) && !(key === "content" && isLegacyToolResult(full))) {
			Object.defineProperty(out, key, accessor(key));
			if (keepsHead(full, key, at.inMessage)) {
				at.headKey = key;
				at.head = fieldHead(key, value);
			}
			lazy = true;
		} else {
			out[key] = typeof value === "string" && SHARED_KEYS.has(key) ? sharedString(value) : value;
		}
	}
	if (lazy) {
		Object.defineProperty(out, WHERE, { value: at });
		at.source.used = true;
	}
	return out;
}

/**
 * The entry parsed from the line at `offset` (`length` bytes), with its long fields left in the
 * file. A short line, or one without long fields, is returned as parsed.
 */
export function slimEntry(full: Obj, source: BodySource, offset: number, length: number, ascii = false): Obj {
	if (length < LAZY_LINE_MIN) return full;
	asciiLine = ascii;
	try {
		return slim(full, where(source, offset, length, false), ENTRY_KEYS);
	} finally {
		asciiLine = false;
	}
}

/** True when `value` (an entry or a message) has fields still on disk. */
export function hasLazyFields(value: object): boolean {
	return Object.hasOwn(value, WHERE);
}

/** True when the entry, or its message, was slimmed by {@link slimEntry} (so already shape-checked). */
export function isSlim(entry: object): boolean {
	const message = (entry as Obj).message;
	return hasLazyFields(entry) || (typeof message === "object" && message !== null && hasLazyFields(message));
}

/**
 * The head kept for `key`: a content string is previewed like one text part (HEAD_CHARS), a
 * content list that comes down to one plain text part is kept as just its text (see TextHead),
 * anything else (a summary) as {@link headValue}.
 */
function fieldHead(key: string, value: unknown): unknown {
	if (key !== "content") return headValue(value);
	if (typeof value === "string") return cutText(value, HEAD_CHARS);
	// The common case, one plain text part, without building the general head first.
	const only = Array.isArray(value) && value.length === 1 ? plainText(value[0]) : undefined;
	if (only !== undefined) return new TextHead(cutText(only, HEAD_CHARS));
	const head = headValue(value);
	const first = Array.isArray(head) && head.length === 1 ? plainText(head[0]) : undefined;
	return first === undefined ? head : new TextHead(first);
}

/** The text of `part` when it is `{type: "text", text}` and nothing else, in that key order. */
function plainText(part: unknown): string | undefined {
	if (typeof part !== "object" || part === null) return undefined;
	const keys = Object.keys(part);
	const { type, text } = part as Obj;
	if (keys.length !== 2 || keys[0] !== "type" || keys[1] !== "text" || type !== "text" || typeof text !== "string") return undefined;
	return text;
}

/** `value` with every string cut to `chars` characters, lists and objects to HEAD_CHARS items. */
function headValue(value: unknown, depth = 0, chars = LINE_HEAD_CHARS): unknown {
	if (typeof value === "string") return cutText(value, chars);
	if (typeof value !== "object" || value === null || depth > HEAD_CHARS) return value;
	if (Array.isArray(value)) return depth === 0 ? contentHead(value) : value.slice(0, HEAD_CHARS).map((item) => headValue(item, depth + 1, chars));
	const out: Obj = {};
	for (const key of Object.keys(value).slice(0, HEAD_CHARS)) out[key] = headValue((value as Obj)[key], depth + 1, chars);
	return out;
}

/**
 * Tool call arguments a row shows folded from its first 480 characters (tree/preview.ts
 * toolPreview: a path, a command); any other argument is joined with the rest and cut to 240
 * characters there, so HEAD_CHARS of each string in it are all a row can show.
 */
const LINE_ARGUMENTS = new Set(["path", "file_path", "command"]);

/** A tool call part's head: its arguments cut as {@link LINE_ARGUMENTS} says, the rest as any value. */
function toolCallHead(part: Obj): Obj {
	const out: Obj = {};
	for (const key of Object.keys(part).slice(0, HEAD_CHARS)) {
		const value = part[key];
		out[key] = key === "arguments" ? argumentsHead(value) : headValue(value, 2);
	}
	return out;
}

function argumentsHead(args: unknown): unknown {
	if (typeof args !== "object" || args === null || Array.isArray(args)) return headValue(args, 2);
	const out: Obj = {};
	for (const key of Object.keys(args).slice(0, HEAD_CHARS)) {
		out[key] = headValue((args as Obj)[key], 3, LINE_ARGUMENTS.has(key) ? LINE_HEAD_CHARS : HEAD_CHARS);
	}
	return out;
}

/**
 * A content list's head: tool calls cut; text parts cut, and none once a visible one is kept and
 * HEAD_CHARS characters are (a preview stops collecting there); images without data; no thinking.
 */
function contentHead(parts: unknown[]): unknown[] {
	const out: unknown[] = [];
	let chars = 0;
	let visible = false;
	for (const item of parts) {
		const text = typeof item === "object" && item !== null && (item as Obj).type === "text" ? (item as Obj).text : undefined;
		if (typeof text === "string") {
			if (visible && chars > HEAD_CHARS) continue;
			chars += text.length;
			visible ||= text.trim() !== "";
		}
		const part = contentPartHead(item);
		if (part !== undefined) out.push(part);
	}
	return out;
}

/** A content part's head: text and tool calls cut, an image without its data, thinking left out. */
function contentPartHead(part: unknown): unknown {
	if (typeof part !== "object" || part === null || Array.isArray(part)) return headValue(part, 1);
	const p = part as Obj;
	if (p.type === "thinking") return undefined;
	if (p.type === "image") return { type: "image" };
	// A text part is previewed from its first HEAD_CHARS characters (session/content.ts's max).
	if (p.type === "text" && typeof p.text === "string") return textPartHead(p, p.text);
	if (p.type === "toolCall") return toolCallHead(p);
	return headValue(p, 1);
}

/**
 * A text part's head: its text cut to HEAD_CHARS characters, its other fields as {@link headValue}
 * cuts them, in the part's key order (the text is cut once, not to LINE_HEAD_CHARS first).
 */
function textPartHead(p: Obj, text: string): Obj {
	const out: Obj = {};
	for (const key of Object.keys(p).slice(0, HEAD_CHARS)) out[key] = key === "text" ? cutText(text, HEAD_CHARS) : headValue(p[key], 2);
	if (!Object.hasOwn(out, "text")) out.text = cutText(text, HEAD_CHARS);
	return out;
}

function cutText(text: string, chars: number): string {
	if (text.length <= chars) return text;
	const cut = text.slice(0, chars);
	return own(cut.trim() === "" ? cut + text.trimStart().charAt(0) : cut);
}

/** Set while {@link slimEntry} slims a line that is pure ASCII (as many characters as bytes). */
let asciiLine = false;
/** A character that takes two bytes in a V8 string (any string holding one is stored two bytes a character). */
const WIDE = /[^\u0000-\u00ff]/;

/**
 * A string that owns its characters: V8 makes a slice of a long string a view that keeps the whole
 * string alive (here: the parsed line's full text), which would undo the point of a head.
 * Concatenating and slicing copies the characters in V8's own layout, one or two bytes each as the
 * parsed string had them; that is right for a pure ASCII line (its strings are one byte a
 * character) and for a cut that holds a wide character (it needs two). A cut of only Latin-1
 * characters from a line with wide ones may come from a two-byte string: it is copied through
 * Latin-1 bytes, which gives a one-byte string (half the memory of a two-byte copy).
 */
function own(text: string): string {
	if (asciiLine || WIDE.test(text)) return (" " + text).slice(1);
	return Buffer.from(text, "latin1").toString("latin1");
}
