/**
 * `edit`: replaces the one occurrence of `oldText` (exact, else as edit-match.ts finds it: CRLF
 * line ends, trailing spaces, typographic quotes and dashes) and shows the change as a diff.
 */
import { readFile, writeFile } from "node:fs/promises";
import { replacementDiff } from "./diff.js";
import { findEdit } from "./edit-match.js";
import { isNotFound, looksBinary, resolvePath } from "./paths.js";
import { ToolError, type ToolResult } from "./result.js";
import { errnoCode } from "../text/error-text.js";

export type EditArgs = { path: string; oldText: string; newText: string };
export type EditDetails = { path: string; diff: string };

/** Applies the replacement to `args.path` (relative to cwd). */
export async function editTool(args: EditArgs, opts: { cwd: string }): Promise<ToolResult<EditDetails>> {
	if (args.oldText === "") throw new ToolError("oldText must not be empty; use write to create a file");
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
	const match = findEdit(before, args.oldText, args.newText);
	if (match.count === 0) throw new ToolError(`oldText not found in ${args.path}`);
	if (match.count > 1) {
		throw new ToolError(`oldText occurs ${match.count} times in ${args.path}; add more context to make it unique`);
	}
	const { index, newText } = match;
	const oldText = before.slice(index, index + match.length);
	const after = before.slice(0, index) + newText + before.slice(index + match.length);
	await writeFile(abs, after, "utf8");
	const diff = replacementDiff(args.path, { before, index, oldText, newText });
	return { output: `Edited ${args.path}\n${diff}`, details: { path: abs, diff } };
}
