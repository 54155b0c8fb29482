/**
 * A markdown file's YAML front matter (`---` lines around `key: value`s at its top), as prompt
 * templates and skills write it (pi's format, the Agent Skills standard's). The `yaml` library is
 * loaded only when a file has front matter, so a start without templates or skills never pays for it.
 */
import { errorMessage } from "../text/error-text.js";

type Frontmatter = {
	/** The front matter's mapping ({} when there is none, it is not a mapping, or it does not parse). */
	data: Record<string, unknown>;
	/** The text after the front matter (the whole text when there is none), trimmed. */
	body: string;
	/** Why the front matter could not be read (it is then ignored, as if absent). */
	error?: string;
};

/** The front matter's YAML text and the body after it; no YAML when the text does not open with `---`. */
export function splitFrontmatter(text: string): { yaml?: string; body: string } {
	const normalized = text.replace(/\r\n?/g, "\n").replace(/^\uFEFF/, "");
	if (!normalized.startsWith("---\n")) return { body: normalized.trim() };
	const end = normalized.indexOf("\n---", 3);
	if (end === -1) return { body: normalized.trim() };
	const after = normalized.indexOf("\n", end + 4);
	return { yaml: normalized.slice(4, end + 1), body: (after === -1 ? "" : normalized.slice(after + 1)).trim() };
}

export async function readFrontmatter(text: string): Promise<Frontmatter> {
	const { yaml, body } = splitFrontmatter(text);
	if (yaml === undefined) return { data: {}, body };
	try {
		const { parse } = await import("yaml");
		const value: unknown = parse(yaml);
		const data = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
		return { data, body };
	} catch (error) {
		return { data: {}, body, error: `front matter is not valid YAML: ${errorMessage(error).split("\n")[0]}` };
	}
}

/** A front matter field as one line of text (a string; a number or boolean written as text), else undefined. */
export function textField(data: Record<string, unknown>, key: string): string | undefined {
	const value = data[key];
	if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	return undefined;
}
