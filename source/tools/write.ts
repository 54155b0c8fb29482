/** `write`: creates or overwrites a file, creating parent directories. */
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { resolvePath } from "./paths.js";
import { ToolError, type ToolResult } from "./result.js";
import { counted } from "../text/count.js";
import { errnoCode } from "../text/error-text.js";

type WriteArgs = { path: string; content: string };
type WriteDetails = { path: string; bytes: number; lines: number; created: boolean };

/** Writes `args.content` to `args.path` (relative to cwd). */
export async function writeTool(args: WriteArgs, opts: { cwd: string }): Promise<ToolResult<WriteDetails>> {
	const abs = resolvePath(opts.cwd, args.path);
	const existing = await stat(abs).catch((error: unknown) => {
		if (errnoCode(error) === "ENOENT") return undefined;
		throw error;
	});
	if (existing?.isDirectory()) throw new ToolError(`${args.path} is a directory`);
	await mkdir(path.dirname(abs), { recursive: true });
	await writeFile(abs, args.content, "utf8");
	const bytes = Buffer.byteLength(args.content);
	const lines = countLines(args.content);
	const verb = existing ? "Overwrote" : "Created";
	return {
		output: `${verb} ${args.path} (${counted(bytes, "byte")}, ${counted(lines, "line")})`,
		details: { path: abs, bytes, lines, created: !existing },
	};
}

/** Lines as an editor counts them: a trailing newline does not start a new line. */
function countLines(text: string): number {
	if (text === "") return 0;
	const newlines = text.split("\n").length - 1;
	return text.endsWith("\n") ? newlines : newlines + 1;
}
