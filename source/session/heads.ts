/**
 * Heads: what a slimmed entry (lazy-body.ts) keeps in memory of a long field a tree row previews,
 * cut so that a preview made from the head is the preview of the whole value.
 */
import { TextHead } from "./body-head.js";

type Obj = Record<string | symbol, unknown>;

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

/**
 * The head kept for `key`: a content string is previewed like one text part (HEAD_CHARS), a
 * content list that comes down to one plain text part (after a thinking stub or not) is kept as
 * just its text (see TextHead), anything else (a summary) as {@link headValue}.
 */
export function fieldHead(key: string, value: unknown): unknown {
	if (key !== "content") return headValue(value);
	if (typeof value === "string") return cutText(value, HEAD_CHARS);
	// The common case, one plain text part, without building the general head first.
	const only = Array.isArray(value) && value.length === 1 ? plainText(value[0]) : undefined;
	if (only !== undefined) return new TextHead(cutText(only, HEAD_CHARS));
	const head = headValue(value);
	if (!Array.isArray(head)) return head;
	if (head.length === 1) {
		const text = plainText(head[0]);
		return text === undefined ? head : new TextHead(text);
	}
	const thinking = head.length === 2 ? thinkingStub(head[0]) : undefined;
	const text = thinking === undefined ? undefined : plainText(head[1]);
	return text === undefined ? head : new TextHead(text, thinking);
}

/** The one-character text of a thinking part's stub (see contentPartHead). */
function thinkingStub(part: unknown): string | undefined {
	const { type, thinking } = part as Obj;
	return type === "thinking" && typeof thinking === "string" ? thinking : undefined;
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
 * HEAD_CHARS characters are (a preview stops collecting there); images without data; thinking as
 * a stub.
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

/**
 * A content part's head: text and tool calls cut, an image without its data, thinking as a stub
 * (its text cut to one character, its signature left out: the transcript counts a message's items
 * from whether its thinking is empty).
 */
function contentPartHead(part: unknown): unknown {
	if (typeof part !== "object" || part === null || Array.isArray(part)) return headValue(part, 1);
	const p = part as Obj;
	if (p.type === "thinking") return { type: "thinking", thinking: typeof p.thinking === "string" ? cutText(p.thinking, 1) : p.thinking };
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

/** Set while lazy-body.ts's slimEntry slims a line that is pure ASCII (as many characters as bytes). */
let asciiLine = false;

/** Says whether the heads made from now on come from a pure ASCII line (see {@link own}). */
export function headsFromAscii(ascii: boolean): void {
	asciiLine = ascii;
}
/** A character that takes two bytes in a V8 string (any string holding one is stored two bytes a character). */
const WIDE = /[^\u0000-\u00ff]/;

/**
 * A string that owns its characters: V8 makes a slice of a long string a view that keeps the whole
 * string alive (here: the parsed line's full text), which would undo the point of a head.
 * Joining two pieces of it makes a new string of its own (concatenation would make a view of both
 * pieces, slicing a flattened copy a view of that) in V8's own layout, one or two bytes a character
 * as the parsed string had them: right for a pure ASCII line (its strings are one byte a character)
 * and for a cut that holds a wide character (it needs two). A cut of only Latin-1 characters from a
 * line with wide ones may come from a two-byte string: it is copied through Latin-1 bytes, which
 * gives a one-byte string (half the memory of a two-byte copy).
 */
function own(text: string): string {
	if (asciiLine || WIDE.test(text)) return [text.slice(0, 1), text.slice(1)].join("");
	return Buffer.from(text, "latin1").toString("latin1");
}
