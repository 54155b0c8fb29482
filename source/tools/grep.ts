/** `grep`: regex (or literal) search through files, honouring .gitignore, skipping binaries. */
import { readFile, stat } from "node:fs/promises";
import { globPathFilter } from "./glob.js";
import { displayPath, looksBinary } from "./paths.js";
import type { Confinement } from "./confine.js";
import { ToolError, type ToolResult } from "./result.js";
import { relToRoot, searchTarget } from "./search-target.js";
import { errorMessage } from "../text/error-text.js";

const GREP_MAX_MATCHES = 200;
const GREP_MAX_LINE_CHARS = 500;
/** Bigger files are skipped: they are almost always data or logs, and reading them would stall. */
const GREP_MAX_FILE_BYTES = 10 * 1024 * 1024;

type GrepArgs = { pattern: string; path?: string; glob?: string; ignoreCase?: boolean; literal?: boolean };
type GrepDetails = { matches: number; truncated: boolean };

/** Searches `args.path` (default cwd) and returns `file:line: text` lines. */
export async function grepTool(
	args: GrepArgs,
	opts: { cwd: string; signal?: AbortSignal; confinement?: Confinement },
): Promise<ToolResult<GrepDetails>> {
	const regex = compile(args);
	const target = await searchTarget(opts.cwd, args.path ?? ".", opts.signal, opts.confinement);
	const accept = args.glob ? globPathFilter(args.glob) : () => true;
	const lines: string[] = [];
	let truncated = false;
	for await (const file of target.files) {
		if (target.isDir && !accept(relToRoot(target, file))) continue;
		if ((await stat(file)).size > GREP_MAX_FILE_BYTES) continue;
		const buf = await readFile(file);
		if (looksBinary(buf)) continue;
		const shown = displayPath(opts.cwd, file);
		const fileLines = buf.toString("utf8").split(/\r?\n/);
		for (const [i, line] of fileLines.entries()) {
			if (!regex.test(line)) continue;
			if (lines.length === GREP_MAX_MATCHES) {
				truncated = true;
				break;
			}
			lines.push(`${shown}:${i + 1}: ${cut(line)}`);
		}
		if (truncated) break;
	}
	const matches = lines.length;
	if (matches === 0) lines.push("no matches");
	if (truncated) lines.push(`[... stopped at ${GREP_MAX_MATCHES} matches; narrow the pattern, path or glob]`);
	return { output: lines.join("\n"), details: { matches, truncated } };
}

function compile(args: GrepArgs): RegExp {
	const source = args.literal ? args.pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : args.pattern;
	try {
		return new RegExp(source, args.ignoreCase ? "i" : "");
	} catch (error) {
		throw new ToolError(`invalid regular expression: ${errorMessage(error)}`);
	}
}

function cut(line: string): string {
	return line.length > GREP_MAX_LINE_CHARS ? `${line.slice(0, GREP_MAX_LINE_CHARS)} [...]` : line;
}
