/** Model-facing descriptions and input schemas of the built-in tools, and how each one runs. */
import { z } from "zod";
import { bashTool, BASH_DEFAULT_TIMEOUT_SECONDS, type CommandWrapper } from "./bash.js";
import type { Confinement } from "./confine.js";
import { editTool } from "./edit.js";
import { findTool } from "./find.js";
import { grepTool } from "./grep.js";
import { lsTool } from "./ls.js";
import type { ToolName } from "./policy.js";
import { readTool } from "./read.js";
import type { ToolResult } from "./result.js";
import { writeTool } from "./write.js";

/** What a tool needs besides its arguments. `confinement`: grep and find skip linked files outside it. */
export type ToolContext = { cwd: string; signal?: AbortSignal; confinement?: Confinement; wrap?: CommandWrapper };

type Spec<S extends z.ZodType> = {
	description: string;
	readonly inputSchema: S;
	run(args: z.infer<S>, ctx: ToolContext): Promise<ToolResult<object>>;
};

/**
 * A spec whose input schema is built when first read: only the tools a run offers are built (a
 * `-p` run offers four of the seven), and not while the module loads, before the first request.
 */
function spec<S extends z.ZodType>(s: { description: string; schema: () => S; run: Spec<S>["run"] }): Spec<S> {
	let built: S | undefined;
	return {
		description: s.description,
		get inputSchema() {
			return (built ??= s.schema());
		},
		run: s.run,
	};
}

/** pi's older edit arguments, `{path, oldText, newText}`, as `{path, edits: [{oldText, newText}]}`. */
function singleAsEdits(value: unknown): unknown {
	if (typeof value !== "object" || value === null || "edits" in value || !("oldText" in value)) return value;
	const { oldText, newText, ...rest } = value as Record<string, unknown>;
	return { ...rest, edits: [{ oldText, newText }] };
}

/** A JSON string (some models send an array that way) parsed; anything else as it is. */
function parsedIfString(value: unknown): unknown {
	if (typeof value !== "string") return value;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		return value;
	}
}
let pathSchema: z.ZodString | undefined;
const path = () => (pathSchema ??= z.string().describe("File path, relative to the working directory or absolute"));

/** One spec per tool name. */
export const TOOL_SPECS = {
	read: spec({
		description:
			"Read a text file. Lines are numbered from 1. Long files are paged: use offset/limit to read more.",
		schema: () => z.object({
			path: path(),
			offset: z.number().int().min(1).optional().describe("First line to read (1-based)"),
			limit: z.number().int().min(1).optional().describe("Maximum number of lines (default 2000)"),
		}),
		run: (args, ctx) => readTool(args, ctx),
	}),
	ls: spec({
		description: "List a directory (default: the working directory). Directories end with /.",
		schema: () => z.object({ path: path().optional() }),
		run: (args, ctx) => lsTool(args, ctx),
	}),
	grep: spec({
		description:
			"Search file contents with a JavaScript regular expression (or a literal string). Honours .gitignore. " +
			"Prints file:line: text.",
		schema: () => z.object({
			pattern: z.string().describe("Regular expression, or the exact text when literal is true"),
			path: path().optional().describe("File or directory to search (default: the working directory)"),
			glob: z.string().optional().describe("Only files matching this glob, e.g. *.ts or src/**/*.tsx"),
			ignoreCase: z.boolean().optional(),
			literal: z.boolean().optional().describe("Treat pattern as plain text"),
		}),
		run: (args, ctx) => grepTool(args, ctx),
	}),
	find: spec({
		description:
			"Find files by glob (e.g. *.ts, src/**/*.test.ts). A pattern without / matches file names at any depth. " +
			"Honours .gitignore.",
		schema: () => z.object({
			pattern: z.string().describe("Glob pattern"),
			path: path().optional().describe("Directory to search (default: the working directory)"),
		}),
		run: (args, ctx) => findTool(args, ctx),
	}),
	write: spec({
		description: "Create or overwrite a file with the given content. Parent directories are created.",
		schema: () => z.object({ path: path(), content: z.string() }),
		run: (args, ctx) => writeTool(args, ctx),
	}),
	edit: spec({
		description:
			"Edit a file by replacing text: each edit's oldText must match a unique region of the file as it is " +
			"(whitespace and line breaks included; include surrounding lines if needed) and must not overlap another edit's. " +
			"Several changes to one file go in one call as several edits; changes on nearby lines go in one edit.",
		// The older single {oldText, newText} (earlier sessions, some models) and `edits` sent as a JSON string are read too.
		schema: () => z.preprocess(
			singleAsEdits,
			z.object({
				path: path(),
				edits: z
					.preprocess(
						parsedIfString,
						z
							.array(
								z.object({
									oldText: z.string().describe("The text to replace, exactly as it is in the file, unique there"),
									newText: z.string().describe("The text to put in its place"),
								}),
							)
							.min(1),
					)
					.describe("The replacements, each found in the file as it was before this call"),
			}),
		),
		run: (args, ctx) => editTool(args, ctx),
	}),
	bash: spec({
		description:
			"Run a shell command with bash in the working directory. Output is stdout and stderr combined; " +
			`long output keeps the end. Default timeout ${BASH_DEFAULT_TIMEOUT_SECONDS}s.`,
		schema: () => z.object({
			command: z.string(),
			timeout: z.number().positive().optional().describe("Timeout in seconds"),
		}),
		run: (args, ctx) => bashTool(args, ctx),
	}),
} satisfies Record<ToolName, Spec<z.ZodType>>;
