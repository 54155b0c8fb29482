/** Tool names, the default sets per mode, and parsing of `--tools`. */

/** Every built-in tool. */
export type ToolName = "read" | "ls" | "grep" | "find" | "write" | "edit" | "bash";

export const ALL_TOOLS: readonly ToolName[] = ["read", "ls", "grep", "find", "write", "edit", "bash"];
export const READ_ONLY_TOOLS: readonly ToolName[] = ["read", "ls", "grep", "find"];
export const MUTATING_TOOLS: readonly ToolName[] = ["write", "edit", "bash"];

/** Type guard for user-supplied names. */
export function isToolName(s: string): s is ToolName {
	return (ALL_TOOLS as readonly string[]).includes(s);
}

/** Parses a comma- and/or space-separated list (`"read,grep bash"`); duplicates are dropped. */
export function parseToolList(s: string): { ok: true; tools: ToolName[] } | { ok: false; message: string } {
	const names = s.split(/[\s,]+/).filter((n) => n !== "");
	const unknown = names.filter((n) => !isToolName(n));
	if (unknown.length > 0) {
		const what = unknown.length === 1 ? "unknown tool" : "unknown tools";
		return { ok: false, message: `${what}: ${unknown.join(", ")} (valid: ${ALL_TOOLS.join(", ")})` };
	}
	const tools = ALL_TOOLS.filter((t) => names.includes(t));
	return { ok: true, tools };
}

/** The outcome of the tool options for one run. */
type ToolPolicy = {
	enabled: ToolName[];
	needsConfirmation(name: ToolName): boolean;
	/** Folders besides the working directory that the file tools may use (--add-dir, settings addDirs). */
	addDirs?: string[];
	/** The `task` tool (sub-agents, source/tasks/): on when `--tools` or the settings' `tools` name it. */
	task?: boolean;
};

/**
 * Print mode: read-only tools unless `tools` lists others, and never asks (there is no terminal to
 * ask on). Interactive: all tools unless `tools` narrows them; write/edit/bash ask unless `yes`.
 */
export function toolPolicy(opts: {
	mode: "print" | "interactive";
	tools?: ToolName[];
	noTools?: boolean;
	yes?: boolean;
}): ToolPolicy {
	if (opts.noTools) return { enabled: [], needsConfirmation: () => false };
	switch (opts.mode) {
		case "print": {
			const enabled = [...(opts.tools ?? READ_ONLY_TOOLS)];
			return { enabled, needsConfirmation: () => false };
		}
		case "interactive": {
			const enabled = [...(opts.tools ?? ALL_TOOLS)];
			const ask = !opts.yes;
			return { enabled, needsConfirmation: (name) => ask && MUTATING_TOOLS.includes(name) };
		}
		default: {
			const unreachable: never = opts.mode;
			throw new Error(`unknown mode ${String(unreachable)}`);
		}
	}
}
