import { statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Settings } from "./settings.js";
import { usageError } from "./errors.js";
import type { ToolName } from "../tools/policy.js";
import { errnoCode, errorMessage } from "../text/error-text.js";

/** --tools / --no-tools / settings.tools → the tool policy of a mode (loads only the policy module). */
export async function chooseTools(opts: {
	tools?: string | false;
	yes?: boolean;
	addDir?: string[];
	settings: Settings;
	mode: "print" | "interactive";
}) {
	const tools = await import("../tools/policy.js");
	let listed: ToolName[] | undefined;
	const given = typeof opts.tools === "string" ? opts.tools : opts.settings.tools?.join(",");
	// `task` is no file tool: named in the list it adds the sub-agent tool (docs/tasks.md).
	const task = given !== undefined && given.split(/[\s,]+/).includes("task");
	const spec = task ? given.split(/[\s,]+/).filter((n) => n !== "task").join(",") : given;
	if (spec !== undefined) {
		const parsed = tools.parseToolList(spec);
		if (!parsed.ok) throw usageError(parsed.message);
		listed = parsed.tools;
	}
	const policy = tools.toolPolicy({ mode: opts.mode, tools: listed, noTools: opts.tools === false, yes: opts.yes });
	if (task && opts.tools !== false) policy.task = true;
	policy.addDirs = [...checkedDirs(opts.settings.addDirs ?? [], "the settings key addDirs"), ...checkedDirs(opts.addDir ?? [], "--add-dir")];
	return policy;
}

/** Absolute paths of existing folders (`~/` expanded, relative to cwd); anything else is a usage error. */
function checkedDirs(dirs: readonly string[], source: string): string[] {
	return dirs.map((dir) => {
		const abs = dir === "~" ? homedir() : dir.startsWith("~/") ? join(homedir(), dir.slice(2)) : resolve(dir);
		let isDir: boolean;
		try {
			isDir = statSync(abs).isDirectory();
		} catch (error) {
			throw usageError(`${source}: ${dir}: ${errnoCode(error) === "ENOENT" ? "no such folder" : errorMessage(error)}`);
		}
		if (!isDir) throw usageError(`${source}: ${dir} is not a folder`);
		return abs;
	});
}
