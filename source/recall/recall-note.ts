/**
 * The system prompt's word on `recall`, only when it can help (docs/memory.md): after a compaction
 * (part of the path is only a summary now) or when the tree has other branches. Otherwise the
 * prompt stays as it was, so a session with nothing to recall pays nothing for it. Pure.
 */
import type { SessionTreeView } from "../session/api.js";
import { recallReasons } from "./places.js";

/** The tool's name in the ToolSet (recall-tool.ts registers it). */
export const RECALL_TOOL = "recall";

/** The note for `view`, or undefined when recalling cannot find anything the context lacks. */
export function recallNote(view: SessionTreeView): string | undefined {
	const { compacted, branches } = recallReasons(view);
	if (!compacted && !branches) return undefined;
	const what = [
		...(compacted ? ["an earlier part of this conversation was compacted: only its summary is in your context"] : []),
		...(branches ? ["the conversation tree has other branches (earlier attempts the user moved away from, and their summaries)"] : []),
	].join("; and ");
	return [
		"# Memory",
		"",
		`This session holds more than your context: ${what}.`,
		`When something said earlier is missing from your context, call the ${RECALL_TOOL} tool: it searches the session's whole tree and returns the matching entries' text, each marked as in the context, compacted away or on another branch.`,
	].join("\n");
}

/** `system` with the note appended when the tool is in `tools` and the note applies. */
export function withRecallNote(system: string, tools: object, view: SessionTreeView): string {
	if (!Object.hasOwn(tools, RECALL_TOOL)) return system;
	const note = recallNote(view);
	return note === undefined ? system : `${system}\n\n${note}`;
}
