/**
 * `edit`: makes one or more replacements in a file, each of the one occurrence of its `oldText`
 * in the file as it was (exact, else as edit-match.ts finds it: CRLF line ends, trailing spaces,
 * typographic quotes and dashes), all or none, and shows the change as a diff.
 */
import { readFile, writeFile } from "node:fs/promises";
import { applyRegions, replacementsDiff } from "./diff.js";
import { editPairs, emptyEdit, planEdits, type EditPair } from "./edit-match.js";
import { isNotFound, looksBinary, resolvePath } from "./paths.js";
import { ToolError, type ToolResult } from "./result.js";
import { errnoCode } from "../text/error-text.js";

/** `edits`, or the older single `oldText`/`newText` (see editPairs). */
type EditArgs = { path: string } & ({ edits: EditPair[] } | EditPair);
type EditDetails = { path: string; diff: string };

/** Applies the replacements to `args.path` (relative to cwd), all or none. */
export async function editTool(args: EditArgs, opts: { cwd: string }): Promise<ToolResult<EditDetails>> {
	const pairs = editPairs(args);
	if (!pairs) throw new ToolError("edits must hold at least one {oldText, newText}");
	const empty = emptyEdit(pairs);
	if (empty) throw new ToolError(empty.message);
	const abs = resolvePath(opts.cwd, args.path);
	let buf: Buffer;
	try {
		buf = await readFile(abs);
	} catch (error) {
		if (isNotFound(error)) throw new ToolError(`${args.path}: no such file`);
		if (errnoCode(error) === "EISDIR") throw new ToolError(`${args.path} is a directory`);
		throw error;
	}
	if (looksBinary(buf)) throw new ToolError(`${args.path} is a binary file`);
	const before = buf.toString("utf8");
	const plan = planEdits(before, pairs, args.path);
	if (!plan.ok) throw new ToolError(plan.message);
	await writeFile(abs, applyRegions(before, plan.regions), "utf8");
	const diff = replacementsDiff(args.path, before, plan.regions);
	return { output: `Edited ${args.path}\n${diff}`, details: { path: abs, diff } };
}
