/**
 * What `recall` shows the model: each hit's entry id, where it sits and its text (an excerpt
 * around the match when long), bounded as the other tools' output is (50 KB). Pure.
 */
import { counted } from "../text/count.js";
import { firstMatch, parseQuery } from "../search/query.js";
import { OUTPUT_MAX_BYTES } from "../tools/output-capture.js";
import type { Place } from "./places.js";
import type { RecallHit, RecallResult } from "./recall-search.js";

/** The longest text shown of one hit; a longer entry is shown around its first match. */
export const EXCERPT_CHARS = 2000;

const PLACE_TEXT: Record<Place, string> = {
	context: "in the context (on the current path)",
	compacted: "compacted away (on the current path, before the newest compaction: only its summary is in the context)",
	branch: "on another branch (not on the current path)",
};

/** Where an entry sits, in words; for another branch, where it leaves the current path. */
export function placeText(place: Place, branchPoint?: string | null): string {
	if (place !== "branch") return PLACE_TEXT[place];
	if (branchPoint === undefined) return PLACE_TEXT.branch;
	return branchPoint === null ? "on another branch (another root: shares nothing with the current path)" : `on another branch (leaves the current path after entry ${branchPoint})`;
}

/** `text` cut to {@link EXCERPT_CHARS} around the first match of `queryText`, marked where cut. */
function excerpt(text: string, queryText: string): { text: string; cut: boolean } {
	if (text.length <= EXCERPT_CHARS) return { text, cut: false };
	const at = firstMatch(parseQuery(queryText), text)?.index ?? 0;
	const from = Math.max(0, Math.min(at - Math.floor(EXCERPT_CHARS / 4), text.length - EXCERPT_CHARS));
	const body = text.slice(from, from + EXCERPT_CHARS);
	return { text: `${from > 0 ? "…" : ""}${body}${from + EXCERPT_CHARS < text.length ? "…" : ""}`, cut: true };
}

function hitBlock(hit: RecallHit, n: number, queryText: string): string {
	const when = hit.timestamp ? ` · ${hit.timestamp.slice(0, 16).replace("T", " ")}` : "";
	const shown = excerpt(hit.text, queryText);
	const cut = shown.cut ? `\n(excerpt of ${hit.text.length} characters: recall with id "${hit.entryId}" for the whole entry)` : "";
	return `[${n}] entry ${hit.entryId} · ${hit.field}${when}\n    ${placeText(hit.place, hit.branchPoint)}\n${shown.text}${cut}`;
}

/** The tool's text for a search: a header line, then one block per hit, until the output cap. */
export function recallText(queryText: string, result: RecallResult): string {
	if (result.hits.length === 0) return `No entry of this session matches ${JSON.stringify(queryText)}.`;
	const away = result.hits.filter((h) => h.place !== "context").length;
	const head = `${result.hits.length} of ${counted(result.total, "match", "matches")} for ${JSON.stringify(queryText)} in this session's tree; ${away} of those shown are not in your context.`;
	const blocks: string[] = [];
	let bytes = Buffer.byteLength(head);
	for (const [i, hit] of result.hits.entries()) {
		const block = hitBlock(hit, i + 1, queryText);
		bytes += Buffer.byteLength(block) + 2;
		if (bytes > OUTPUT_MAX_BYTES) {
			blocks.push(`[${counted(result.hits.length - i, "more hit")} not shown: the output is limited to 50 KB; ask for fewer or use a narrower query]`);
			break;
		}
		blocks.push(block);
	}
	return [head, ...blocks].join("\n\n");
}

/** The tool's text for one whole entry (`id`), cut at the output cap. */
export function entryText(entryId: string, field: string, text: string, where: string): string {
	const head = `entry ${entryId} · ${field}\n    ${where}\n`;
	const room = OUTPUT_MAX_BYTES - Buffer.byteLength(head) - 200;
	if (Buffer.byteLength(text) <= room) return head + text;
	const cut = Buffer.from(text).subarray(0, room).toString("utf8").replace(/\uFFFD$/, "");
	return `${head}${cut}\n[entry cut at 50 KB of ${Buffer.byteLength(text)} bytes]`;
}
