/**
 * The user's own system prompt, as pi takes it: `--system-prompt <text|file>` or a `SYSTEM.md` (the
 * project's `.arbor/SYSTEM.md`, else `$ARBOR_HOME/SYSTEM.md`) replaces arbor's; `--append-system-prompt
 * <text|file>` (repeatable) or an `APPEND_SYSTEM.md` (same places) is added after it. Project
 * instructions (AGENTS.md) and skills still follow either way.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { causeOf } from "../session/io-errors.js";
import { usageError } from "./errors.js";
import { projectAllowed } from "./trust.js";

export type SystemPromptText = {
	/** The text that replaces arbor's own prompt (undefined: arbor's). */
	base?: string;
	/** Texts added after it, in order. */
	append: string[];
	/** Where they came from, for the start-up line (`SYSTEM.md`, `--system-prompt`…). */
	sources: string[];
};

type SystemPromptFlags = { systemPrompt?: string; appendSystemPrompt?: string[] };

/** A flag's value: the file it names when one exists there, else the text itself. An unreadable file is a usage error. */
function flagText(value: string, flag: string, cwd: string): { text: string; source: string } {
	// A relative path is the working directory's; a long text is no path.
	const path = value.length < 4096 && !value.includes("\n") ? resolve(cwd, value) : undefined;
	const file = path !== undefined && existsSync(path) ? path : undefined;
	if (file === undefined) return { text: value, source: flag };
	try {
		return { text: readFileSync(file, "utf8"), source: `${flag} ${value}` };
	} catch (error) {
		throw usageError(`${flag} ${value}: cannot read it: ${causeOf(error)}`);
	}
}

/** The first of the project's and ARBOR_HOME's `name` that exists (a file that cannot be read is a usage error). */
function promptFile(name: string, where: { cwd: string; home: string }): { text: string; source: string } | undefined {
	const project = join(where.cwd, ".arbor", name);
	const places: [string, string][] = [[join(where.home, name), join(where.home, name)]];
	// Asked only when the project has one: a project without it needs no trust for it.
	if (existsSync(project) && projectAllowed(where)) places.unshift([project, `.arbor/${name}`]);
	for (const [path, source] of places) {
		if (!existsSync(path)) continue;
		try {
			return { text: readFileSync(path, "utf8"), source };
		} catch (error) {
			throw usageError(`${path}: cannot read it: ${causeOf(error)}`);
		}
	}
	return undefined;
}

export function loadSystemPromptText(where: { cwd: string; home: string }, flags: SystemPromptFlags): SystemPromptText {
	const base = flags.systemPrompt !== undefined ? flagText(flags.systemPrompt, "--system-prompt", where.cwd) : promptFile("SYSTEM.md", where);
	const appended = flags.appendSystemPrompt?.length
		? flags.appendSystemPrompt.map((value) => flagText(value, "--append-system-prompt", where.cwd))
		: [promptFile("APPEND_SYSTEM.md", where)].filter((a) => a !== undefined);
	return {
		...(base ? { base: base.text } : {}),
		append: appended.map((a) => a.text),
		sources: [...(base ? [base.source] : []), ...appended.map((a) => a.source)],
	};
}

/** The start-up line's part: `system prompt: .arbor/SYSTEM.md, --append-system-prompt` ("" when arbor's own is used alone). */
export function systemPromptLine(text: SystemPromptText | undefined): string {
	return text && text.sources.length > 0 ? `system prompt: ${text.sources.join(", ")}` : "";
}
