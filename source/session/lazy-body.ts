// Over 200 lines: the lazy accessors and the byte-range reader under them are one mechanism.
import * as fs from "node:fs";
import { errorMessage } from "../text/error-text.js";
import { type BodyPlace, bodyPlace, placeBody } from "./body-head.js";
import { fieldHead, headsFromAscii } from "./heads.js";
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
				const at = bodyPlace(this) as Where;
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
		const at = bodyPlace(this) as Where;
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

/** Where a line is: the slimmed object's place is made from it once a field is left in the file. */
export type LineAt = { readonly source: BodySource; readonly offset: number; readonly length: number };

/** A copy of `full` (same key order) whose long fields are read from the line at `line` when asked. */
function slim(full: Obj, line: LineAt, inMessage: boolean, keep: ReadonlySet<string> | undefined): Obj {
	const out = inMessage ? new SlimMessageObject() : new SlimEntryObject();
	let at: Where | undefined; // made when a field may stay in the file (most entries leave only their message's)
	let lazy = false;
	for (const key of Object.keys(full)) {
		const value = full[key];
		if (!inMessage && key === "message" && typeof value === "object" && value !== null && !Array.isArray(value)) {
			out[key] = slim(value as Obj, line, true, undefined);
		} else if (inMessage && key === "usage" && packUsage(out, value, (at ??= where(line.source, line.offset, line.length, true)))) {
			lazy = true; // packed: read back through the place
		} else if (!keep?.has(key) && isLong(value, key) && !(key === "content" && isLegacyToolResult(full))) {
			at ??= where(line.source, line.offset, line.length, inMessage);
			Object.defineProperty(out, key, accessor(key));
			lazy = true;
			if (keepsHead(full, key, inMessage)) {
				at.headKey = key;
				at.head = fieldHead(key, value);
			}
		} else {
			out[key] = typeof value === "string" && SHARED_KEYS.has(key) ? sharedString(value) : value;
		}
	}
	if (lazy && at) {
		placeBody(out, at);
		line.source.used = true;
	}
	return out;
}

/**
 * The entry parsed from the line at `offset` (`length` bytes), with its long fields left in the
 * file. A short line, or one without long fields, is returned as parsed.
 */
export function slimEntry(full: Obj, source: BodySource, offset: number, length: number, ascii = false): Obj {
	if (length < LAZY_LINE_MIN) return full;
	headsFromAscii(ascii);
	try {
		return slim(full, { source, offset, length }, false, ENTRY_KEYS);
	} finally {
		headsFromAscii(false);
	}
}

/** True when `value` (an entry or a message) has fields still on disk. */
function hasLazyFields(value: object): boolean {
	return bodyPlace(value) !== undefined;
}

/** True when the entry, or its message, was slimmed by {@link slimEntry} (so already shape-checked). */
export function isSlim(entry: object): boolean {
	const message = (entry as Obj).message;
	return hasLazyFields(entry) || (typeof message === "object" && message !== null && hasLazyFields(message));
}

/**
 * A prototype whose `keys` are read from the file when asked, through the place of the object that
 * inherits them (see {@link placeLine}): row-index.ts's entries from a persisted index own only
 * what the tree reads; their other fields come from the line (not as own keys).
 */
export function lazyPrototype(keys: readonly string[]): object {
	const proto = {};
	for (const key of keys) Object.defineProperty(proto, key, accessor(key));
	return proto;
}

/** Marks `object` as reading its lazy fields from the line at `line` (under `message` when `inMessage`). */
export function placeLine(object: object, line: LineAt, inMessage: boolean): void {
	placeBody(object, where(line.source, line.offset, line.length, inMessage));
	line.source.used = true;
}
