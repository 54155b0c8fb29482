import { inFile } from "./body-head.js";

/** A message `content` as stored: a string, or parts of which text and images matter here. */
type MessageContent = string | readonly { type: unknown; [key: string]: unknown }[];

/** How {@link contentText} joins and bounds the text. */
type ContentTextOptions = {
	/** Between parts (default `"\n"`). */
	separator?: string;
	/** What an image part reads as (default `"[image]"`; `""` leaves images out). */
	imageAs?: string;
	/** Stop collecting once more than `max` characters are gathered (a preview of a huge message). */
	max?: number;
	/** A part of a type arbor does not know (a newer pi's) reads as `[type]` (views); default: left out. */
	unknownParts?: boolean;
};

const KNOWN_PARTS = new Set(["text", "image", "thinking", "toolCall"]);

/** The text of one content part: a text part's string, an image's stand-in, else undefined. */
function partText(part: unknown, imageAs: string | undefined, unknownParts = false): string | undefined {
	if (!part || typeof part !== "object") return undefined;
	const p = part as { type?: unknown; text?: unknown };
	if (p.type === "text") return typeof p.text === "string" ? p.text : undefined;
	if (unknownParts && typeof p.type === "string" && !KNOWN_PARTS.has(p.type)) return `[${p.type}]`;
	return p.type === "image" ? imageAs : undefined;
}

/**
 * Every text of a message content as stored, empty ones too (a string is its own one text; text
 * parts in order; images, other part types, malformed parts and non-content are left out). Raw JSON.
 */
export function textParts(content: unknown): string[] {
	if (typeof content === "string") return [content];
	if (!Array.isArray(content)) return [];
	const out: string[] = [];
	for (const part of content) {
		const text = partText(part, undefined);
		if (text !== undefined) out.push(text);
	}
	return out;
}

/**
 * Plain text of a message content: its non-empty {@link textParts} joined by `separator` (an
 * image-only prompt stored with an empty text part reads `[image]`, not a blank line first). With
 * `max`, each part is cut to `max + 1` characters and collecting stops past `max` (the caller cuts).
 */
export function contentText(content: unknown, opts: ContentTextOptions = {}): string {
	const { separator = "\n", imageAs = "[image]", max = Number.POSITIVE_INFINITY, unknownParts = false } = opts;
	if (typeof content === "string") return content.slice(0, max + 1);
	if (!Array.isArray(content)) return "";
	let out = "";
	for (const part of content) {
		const text = partText(part, imageAs, unknownParts);
		if (text === undefined || text === "") continue;
		out += (out === "" ? "" : separator) + text.slice(0, max + 1);
		if (out.length > max) break;
	}
	return out;
}

type ToolResultLike = { role: "toolResult"; content: MessageContent; isError: boolean; details?: unknown };

/**
 * arbor before 0.2 stored a tool result's text as the JSON blob `{"output":…,"details":…,"isError"?:…}`.
 * Such a result is read as pi's shape — `content` the output text, `details` and `isError` beside
 * it — so later turns send the model what the live turn sent. The file itself is never rewritten;
 * anything that is not exactly that blob (one text part parsing to an object with a string
 * `output` and no other keys than `details` and `isError`) is returned unchanged.
 */
export function unwrapLegacyToolResult<M extends ToolResultLike>(message: M): M {
	// A content left in the file is never such a blob (lazy-body.ts keeps those in memory): not read.
	if (inFile(message, "content")) return message;
	const parts = message.content;
	if (typeof parts === "string" || parts.length !== 1 || parts[0]?.type !== "text") return message;
	const text = String(parts[0].text);
	if (!text.startsWith('{"output":')) return message;
	let blob: unknown;
	try {
		blob = JSON.parse(text);
	} catch {
		// Not JSON after all: a tool that happened to print this prefix; keep its text.
		return message;
	}
	const b = blob as { output?: unknown; details?: unknown; isError?: unknown };
	if (typeof b.output !== "string" || Object.keys(b).some((k) => !["output", "details", "isError"].includes(k))) return message;
	const unwrapped: M = { ...message, content: [{ type: "text", text: b.output }], isError: message.isError || b.isError === true };
	if (b.details !== undefined && message.details === undefined) unwrapped.details = b.details;
	return unwrapped;
}
