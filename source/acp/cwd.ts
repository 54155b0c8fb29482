/**
 * The `cwd` of session/new, session/load, session/fork and session/list: the ACP spec requires an
 * absolute path; arbor also needs it to be an existing folder (its tools, checkpoints and session
 * folder hang on it; a listing's filter need only be absolute). Anything else is refused with JSON-RPC invalid params before a session opens.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/**
 * Why `cwd` is not a usable working directory, or undefined when it is one. `absoluteOnly` (a
 * session/list filter: a deleted project's sessions may still be listed) checks only the shape.
 */
export function cwdProblem(cwd: unknown, absoluteOnly = false): string | undefined {
	if (typeof cwd !== "string" || cwd === "") return "cwd: expected an absolute path of a folder, received an empty value";
	const shown = JSON.stringify(cwd.slice(0, 200));
	if (!path.isAbsolute(cwd)) return `cwd: ${shown} is not an absolute path (ACP requires one)`;
	if (absoluteOnly) return undefined;
	let stat: fs.Stats | undefined;
	try {
		stat = fs.statSync(cwd);
	} catch {
		return `cwd: ${shown} does not exist (or cannot be read)`;
	}
	return stat.isDirectory() ? undefined : `cwd: ${shown} is not a folder`;
}
