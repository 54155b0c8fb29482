/** `find`: files whose path matches a glob, honouring .gitignore. */
import { globPathFilter } from "./glob.js";
import { displayPath } from "./paths.js";
import type { Confinement } from "./confine.js";
import type { ToolResult } from "./result.js";
import { relToRoot, searchTarget } from "./search-target.js";

const FIND_MAX_RESULTS = 500;

type FindArgs = { pattern: string; path?: string };
type FindDetails = { count: number; truncated: boolean };

/** Lists files below `args.path` (default cwd) matching `args.pattern`, paths relative to cwd. */
export async function findTool(
	args: FindArgs,
	opts: { cwd: string; signal?: AbortSignal; confinement?: Confinement },
): Promise<ToolResult<FindDetails>> {
	const target = await searchTarget(opts.cwd, args.path ?? ".", opts.signal, opts.confinement);
	const accept = globPathFilter(args.pattern);
	const found: string[] = [];
	let truncated = false;
	for await (const file of target.files) {
		if (!accept(relToRoot(target, file))) continue;
		if (found.length === FIND_MAX_RESULTS) {
			truncated = true;
			break;
		}
		found.push(displayPath(opts.cwd, file));
	}
	const lines = found.length === 0 ? ["no files found"] : [...found];
	if (truncated) lines.push(`[... stopped at ${FIND_MAX_RESULTS} results; narrow the pattern or path]`);
	return { output: lines.join("\n"), details: { count: found.length, truncated } };
}
