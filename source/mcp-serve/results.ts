/**
 * The tools' shape and their results as MCP carries them: JSON text, an error marked as the call's
 * error, image data left out (a picture's base64 would fill a client's window), long lists paged.
 */
import type { z } from "zod";

/** One tool of the server: its input as a zod shape, whether it only reads, and what it does. */
export type ServeTool = {
	name: string;
	description: string;
	shape: z.ZodRawShape;
	readOnly: boolean;
	run(args: Record<string, unknown>): Promise<ToolAnswer> | ToolAnswer;
};

/** What a tool answers: MCP's CallToolResult with text content. */
export type ToolAnswer = { content: { type: "text"; text: string }[]; isError?: boolean; structuredContent?: Record<string, unknown> };

/** The most characters of JSON one answer carries (about 10k tokens); longer lists are paged. */
const ANSWER_CHARS = 40_000;

export function jsonAnswer(value: Record<string, unknown>): ToolAnswer {
	return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

export function errorAnswer(message: string): ToolAnswer {
	return { content: [{ type: "text", text: message }], isError: true };
}

/** `value` with every image part's base64 `data` replaced by its size (deep; the rest as it is). */
export function withoutImageData<T>(value: T): T {
	if (Array.isArray(value)) return value.map((v: unknown) => withoutImageData(v)) as T;
	if (value === null || typeof value !== "object") return value;
	const record = value as Record<string, unknown>;
	const out: Record<string, unknown> = {};
	for (const [key, v] of Object.entries(record)) {
		const isImageData = key === "data" && record.type === "image" && typeof v === "string";
		out[key] = isImageData ? `[image data left out: ${(v as string).length} characters of base64]` : withoutImageData(v);
	}
	return out as T;
}

/**
 * Items from `offset`, at most `limit` of them and as many as fit {@link ANSWER_CHARS} of JSON
 * (at least one); `next` is the offset of the first one left, when any is.
 */
export function page<T>(items: readonly T[], offset: number, limit: number): { items: T[]; next?: number } {
	const out: T[] = [];
	let chars = 0;
	for (let i = offset; i < items.length && out.length < limit; i++) {
		chars += JSON.stringify(items[i]).length + 8;
		if (out.length > 0 && chars > ANSWER_CHARS) break;
		out.push(items[i] as T);
	}
	const end = offset + out.length;
	return end < items.length ? { items: out, next: end } : { items: out };
}
