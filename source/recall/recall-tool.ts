/**
 * `recall`: the built-in tool that lets the model look back over its own session's whole tree —
 * entries before a compaction, abandoned branches and their summaries, other branches — when the
 * context no longer holds something (docs/memory.md). Registered in the ToolSet by the core
 * (agent/set-up.ts through tools/tool-set.ts's addSessionTool); it only reads the session.
 */
import { z } from "zod";
import type { SessionTreeView } from "../session/api.js";
import { SessionError } from "../session/types.js";
import { searchables } from "../search/fields.js";
import { ToolError, type ToolResult } from "../tools/result.js";
import type { SessionToolSpec } from "../tools/tool-set.js";
import { errorMessage } from "../text/error-text.js";
import { placesOf } from "./places.js";
import { recallSearch } from "./recall-search.js";
import { entryText, placeText, recallText } from "./recall-text.js";

export { RECALL_TOOL } from "./recall-note.js";

/** The live session, asked at each call (a fork or a switch replaces it). */
type RecallSession = () => { file: string | undefined; snapshot(): SessionTreeView } | undefined;

const DEFAULT_LIMIT = 10;

const inputSchema = z.object({
	query: z.string().optional().describe('Words that must all occur (any case), "an exact phrase", or re:<regex>'),
	id: z.string().optional().describe("An entry id (or its first characters) from an earlier recall: that entry's whole text"),
	limit: z.number().int().min(1).max(50).optional().describe(`At most this many entries (default ${DEFAULT_LIMIT})`),
});

type RecallArgs = z.infer<typeof inputSchema>;

/** One entry in full, by id or unique id prefix. */
function readEntry(view: SessionTreeView, id: string): ToolResult<object> {
	let resolved: string;
	try {
		resolved = view.resolveId(id.trim());
	} catch (error) {
		if (error instanceof SessionError) throw new ToolError(error.message);
		throw error;
	}
	const entry = view.getEntry(resolved);
	const texts = entry ? searchables(entry as unknown as Record<string, unknown>).filter((s) => s.entryId === resolved) : [];
	const first = texts[0];
	if (!entry || !first) throw new ToolError(`entry ${resolved} holds no text to recall (a ${entry?.type ?? "missing"} entry)`);
	const places = placesOf(view);
	const place = places.placeOf(resolved) ?? "branch";
	const where = placeText(place, place === "branch" ? places.branchPoint(resolved) : undefined);
	return { output: entryText(resolved, first.field, texts.map((t) => t.text).join("\n\n"), where), details: { entryId: resolved, place } };
}

function run(session: RecallSession, args: RecallArgs): ToolResult<object> {
	const live = session();
	if (!live) throw new ToolError("no session is open");
	const view = live.snapshot();
	if (args.id !== undefined && args.id.trim() !== "") return readEntry(view, args.id);
	const query = args.query?.trim() ?? "";
	if (query === "") throw new ToolError("give a query (words, \"a phrase\" or re:<regex>) or an entry id");
	let result;
	try {
		result = recallSearch({ view, ...(live.file !== undefined ? { file: live.file } : {}) }, query, args.limit ?? DEFAULT_LIMIT);
	} catch (error) {
		// A bad query is the model's to fix; a file that cannot be read is said as it is.
		throw new ToolError(`recall: ${errorMessage(error)}`);
	}
	const details = { total: result.total, hits: result.hits.map((h) => ({ entryId: h.entryId, place: h.place })) };
	return { output: recallText(query, result), details };
}

/** The tool's spec for {@link SessionToolSpec}'s ToolSet entry. */
export function recallTool(session: RecallSession): SessionToolSpec {
	return {
		description:
			"Search this session's whole conversation tree, including what is no longer in your context: entries replaced by a compaction's summary, " +
			"abandoned branches and their summaries, other branches. Returns the matching entries' text with their ids and where each sits " +
			"(in the context, compacted away, on another branch). Use it when something said earlier is missing from the context.",
		inputSchema,
		run: async (args) => run(session, inputSchema.parse(args)),
	};
}
