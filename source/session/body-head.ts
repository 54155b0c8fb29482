/**
 * The part of lazy bodies (lazy-body.ts) that readers outside session/ use, free of Node modules
 * (the tree is also bundled for the browser page).
 */

/** What a place holds besides the byte range: a short stand-in for the field named `headKey`. */
export type BodyPlace = { headKey?: string; head?: unknown };

/** A base class whose constructor hands back the object it is given, so a subclass adds its private field to that object. */
class Given {
	constructor(object: object) {
		return object;
	}
}

/**
 * Where an object's long fields are, held as a private field of that object: hidden from keys,
 * spreads, JSON and structured clones like a non-enumerable property, but added as cheaply as an
 * ordinary one (an Object.defineProperty per slimmed object cost ~15 ms on 100k entries).
 */
class Placed extends Given {
	#place: BodyPlace;

	constructor(object: object, place: BodyPlace) {
		super(object);
		this.#place = place;
	}

	static of(object: object): BodyPlace | undefined {
		return #place in object ? (object as Placed).#place : undefined;
	}
}

/** Marks `object` as one whose long fields stay in the file, at `place`. */
export function placeBody(object: object, place: BodyPlace): void {
	new Placed(object, place);
}

/** Where `object`'s long fields are (see {@link placeBody}); undefined when it holds them all. */
export function bodyPlace(object: object): BodyPlace | undefined {
	return Placed.of(object);
}

/**
 * A content head that is one plain text part, `[{ type: "text", text }]`, or a thinking part's stub
 * then one, kept as the text (and the stub's one character) alone: most message heads are that,
 * and one small object holds less than a list, its elements and parts (issue 17 item 16).
 * {@link headOf} hands out the list.
 */
export class TextHead {
	constructor(
		readonly text: string,
		readonly thinking: string | undefined = undefined,
	) {}

	parts(): unknown[] {
		const text = { type: "text", text: this.text };
		return this.thinking === undefined ? [text] : [{ type: "thinking", thinking: this.thinking }, text];
	}
}

/**
 * What a tree row may read of `holder[key]` without reading the file: the kept head when that
 * field is on disk, else the field itself. A head is the value with every string cut to
 * HEAD_CHARS characters (a blank cut of a non-blank text keeps one more, visible, character),
 * image data left out, thinking parts cut to one character, and lists and objects cut to their
 * first HEAD_CHARS items: a preview made from a head's first HEAD_CHARS - 1 characters is that of
 * the whole value, and a message's tool calls, visible texts and non-empty thinking are all there.
 */
export function headOf(holder: object, key: string): unknown {
	const at = bodyPlace(holder);
	if (at !== undefined && at.headKey === key) return at.head instanceof TextHead ? at.head.parts() : at.head;
	return (holder as Record<string, unknown>)[key];
}

/** True when `holder[key]` is still in the file (reading it reads the file). */
export function inFile(holder: object, key: string): boolean {
	return Object.getOwnPropertyDescriptor(holder, key)?.get !== undefined && bodyPlace(holder) !== undefined;
}

/**
 * The byte offset of the line `entry` was read from, when its bodies stay in that file (its own
 * fields or its message's): the store's byte range, so the index need not hold it again.
 */
export function placedOffset(entry: object): number | undefined {
	const message = (entry as { message?: unknown }).message;
	const place = (bodyPlace(entry) ?? (typeof message === "object" && message !== null ? bodyPlace(message) : undefined)) as { offset?: unknown } | undefined;
	return typeof place?.offset === "number" ? place.offset : undefined;
}
