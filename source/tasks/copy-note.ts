/** What a task's result says of its copy's changes (docs/tasks.md): nothing when they all came back. */
import type { ToolResult } from "../tools/result.js";
import type { CopyReturn } from "./types.js";

/** `result` with the copy's return in its details, and a note when some files were not applied. */
export function withReturn(result: ToolResult<object>, back: CopyReturn): ToolResult<object> {
	const details = { ...(result.details ?? {}), files: back };
	const note = returnNote(back);
	return { ...result, output: note ? `${result.output}\n\n${note}` : result.output, details };
}

/** The note: the files not applied and where the copy is; undefined when everything came back. */
export function returnNote(back: CopyReturn): string | undefined {
	if (back.notApplied.length === 0 && !back.error) return undefined;
	const where = back.kept ? `; the task's copy is kept at ${back.kept}` : "";
	if (back.error) return `[arbor: the task's changes were not applied to the working tree: ${back.error}${where}]`;
	const files = back.notApplied.join(", ");
	return `[arbor: not applied to the working tree, changed there meanwhile: ${files}${where}]`;
}
