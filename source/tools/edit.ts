/** `edit`: replaces one exact, unique occurrence of `oldText` and shows the change as a diff. */
import { readFile, writeFile } from "node:fs/promises";
import { replacementDiff } from "./diff.js";
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
	const { oldText, newText } = matchLineEndings(before, args);
	const count = occurrences(before, oldText);
	if (count === 0) throw new ToolError(`oldText not found in ${args.path}`);
	if (count > 1) {
		throw new ToolError(`oldText occurs ${count} times in ${args.path}; add more context to make it unique`);
	}
	const index = before.indexOf(oldText);
	const after = before.slice(0, index) + newText + before.slice(index + oldText.length);
	await writeFile(abs, after, "utf8");
	const diff = replacementDiff(args.path, { before, index, oldText, newText });
	return { output: `Edited ${args.path}\n${diff}`, details: { path: abs, diff } };
}

/** Models write `\n`; a CRLF file would otherwise never match, so convert both texts to CRLF. */
function matchLineEndings(content: string, args: EditArgs): { oldText: string; newText: string } {
	if (content.includes(args.oldText) || !content.includes("\r\n") || args.oldText.includes("\r")) {
		return { oldText: args.oldText, newText: args.newText };
	}
	const crlf = (s: string) => s.replace(/\r?\n/g, "\r\n");
	return { oldText: crlf(args.oldText), newText: crlf(args.newText) };
}

// Overlapping matches count too: "aa" in "aaa" is ambiguous for the model, so it is refused.
function occurrences(haystack: string, needle: string): number {
	let count = 0;
	for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) count++;
	return count;
}
