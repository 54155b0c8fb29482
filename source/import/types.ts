import { contentText } from "../session/content.js";
/** What an importer produces: a v3 session's entries (without header) and what it left out. */
export type ImportedEntry = { type: string; id: string; parentId: string | null; timestamp: string; [key: string]: unknown };

/** Counts of what was not converted, by reason ("sidechain record", "malformed line 12", …). */
export type Skipped = Map<string, number>;

export type Converted = {
	format: "claude-code" | "codex";
	sourceSessionId?: string;
	cwd?: string;
	startedAt?: string;
	entries: ImportedEntry[];
	skipped: Skipped;
};

export function skip(skipped: Skipped, reason: string): void {
	skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
}

/** Lines of a JSONL text, parsed; a malformed line is reported with its number and skipped. */
export function jsonLines(text: string, skipped: Skipped): { line: number; value: Record<string, unknown> }[] {
	const out: { line: number; value: Record<string, unknown> }[] = [];
	text.split("\n").forEach((raw, i) => {
		if (raw.trim() === "") return;
		try {
			const value = JSON.parse(raw) as unknown;
			if (value && typeof value === "object" && !Array.isArray(value)) out.push({ line: i + 1, value: value as Record<string, unknown> });
			else skip(skipped, `line ${i + 1}: not a JSON object`);
		} catch {
			skip(skipped, `line ${i + 1}: malformed JSON`);
		}
	});
	return out;
}

export const isoOf = (value: unknown, fallback: string): string =>
	typeof value === "string" && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : fallback;

/** The text of a source's content (a tool result, a summary): string or blocks via contentText, else JSON. */
export function sourceText(content: unknown): string {
	if (typeof content === "string" || Array.isArray(content)) return contentText(content);
	return content === undefined || content === null ? "" : JSON.stringify(content);
}
