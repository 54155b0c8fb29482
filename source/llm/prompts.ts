/** What each built-in tool is for, in one line (tools not listed are named without a description). */
const TOOL_LINES: Record<string, string> = {
	read: "read: read a file's contents",
	ls: "ls: list a directory",
	grep: "grep: search file contents with a pattern",
	find: "find: find files by name or glob",
	write: "write: create or overwrite a file",
	edit: "edit: replace pieces of text in a file (several in one call)",
	bash: "bash: run a shell command in the working directory",
	task: "task: hand a self-contained piece of work to a sub-agent (several run at once)",
};

/**
 * The chat system prompt. Kept short and factual: where we are, what tools exist, and the few
 * habits that make an agent safe to run in someone's working tree.
 */
/** A project instruction file (AGENTS.md / CLAUDE.md) as loaded by config/context-files.ts. */
type PromptFile = { path: string; content: string };

/** A skill as config/skills.ts finds it: `hidden` ones are left out (used only by `/skill:name`). */
type PromptSkill = { name: string; description: string; path: string; hidden: boolean };

/**
 * The chat's system prompt. `contextFiles` (project instructions) close it, each under its path, in
 * the order given (outer folders first).
 */
export function buildSystemPrompt(opts: {
	cwd: string;
	tools: string[];
	date?: Date;
	contextFiles?: readonly PromptFile[];
	skills?: readonly PromptSkill[];
	/** The user's own prompt (SYSTEM.md, --system-prompt) instead of arbor's, and what is added after it (APPEND_SYSTEM.md…). */
	own?: { base?: string; append: readonly string[] };
}): string {
	const date = (opts.date ?? new Date()).toISOString().slice(0, 10);
	// Skills need the read tool: the model reads a skill's file when its task comes.
	const sections = [...(opts.own?.append ?? []).map((a) => a.trim()), contextFilesSection(opts.contextFiles ?? []), opts.tools.includes("read") ? skillsSection(opts.skills ?? []) : ""];
	const base = opts.own?.base;
	if (base !== undefined) {
		// The user's words first, as pi builds it; where and when close it.
		return [base.trim(), ...sections.filter((s) => s !== ""), `Current working directory: ${opts.cwd}\nToday's date: ${date}`].join("\n\n");
	}
	const lines = [
		"You are arbor, a coding assistant working in the user's terminal.",
		`Current working directory: ${opts.cwd}`,
		`Today's date: ${date}`,
		"",
	];
	if (opts.tools.length === 0) {
		lines.push("You have no tools in this session: answer from the conversation alone.");
	} else {
		lines.push("Available tools:");
		for (const name of opts.tools) lines.push(`- ${TOOL_LINES[name] ?? name}`);
		lines.push(
			"",
			"Guidelines:",
			"- Read files before changing them; prefer small, exact edits over rewriting whole files.",
			"- Use paths relative to the working directory unless the user gives absolute ones.",
			"- Do not run destructive commands unless the user asked for them.",
		);
	}
	lines.push("- Be concise. Show file paths and commands exactly.");
	return [lines.join("\n"), ...sections.filter((s) => s !== "")].join("\n\n");
}

/** Text as XML character data or an attribute value: `&`, `<`, `>` and quotes escaped. */
export function xmlText(text: string): string {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** The list of skills the model may use (the Agent Skills standard's XML), or "" when there are none. */
function skillsSection(skills: readonly PromptSkill[]): string {
	const shown = skills.filter((s) => !s.hidden);
	if (shown.length === 0) return "";
	const lines = [
		"# Skills",
		"",
		"These skills hold instructions for particular tasks. When a task matches a skill's description, read its file with the read tool first, then follow it. Paths in a skill's file are relative to the folder the file is in.",
		"",
		"<available_skills>",
	];
	for (const s of shown) {
		lines.push("  <skill>", `    <name>${xmlText(s.name)}</name>`, `    <description>${xmlText(s.description)}</description>`, `    <location>${xmlText(s.path)}</location>`, "  </skill>");
	}
	lines.push("</available_skills>");
	return lines.join("\n");
}

function contextFilesSection(files: readonly PromptFile[]): string {
	if (files.length === 0) return "";
	const parts = [
		"# Project instructions",
		"",
		"The user keeps these instructions in AGENTS.md / CLAUDE.md files: follow them. Later files are closer to the working directory and take precedence.",
	];
	for (const file of files) parts.push("", `## ${file.path}`, "", file.content.trimEnd());
	return parts.join("\n");
}

/** The structure every branch summary and compaction summary must follow. */
const SUMMARY_FORMAT = `## Goal
What the user is trying to achieve.

## Constraints & Preferences
Requirements, preferences and rules the user stated.

## Progress
### Done
- Finished work, with exact file paths.
### In Progress
- Work that was started but not finished.
### Blocked
- Problems that stopped progress, with exact error messages.

## Key Decisions
- Decisions taken and why.

## Next Steps
1. What should happen next.

## Critical Context
Anything else needed to continue: names, values, commands, error messages.`;

/** The default instructions of the summarizer (replaced or extended by custom instructions). */
export const SUMMARY_INSTRUCTIONS = `You write a structured summary of part of a conversation between a user and a coding assistant, so that the work can continue without the original messages.

Use exactly these headings, in this order (write "None" under a heading with nothing to say):

${SUMMARY_FORMAT}

Rules:
- Keep exact file paths, function and variable names, commands and error messages; do not paraphrase them.
- Be concise: bullet points, no preamble, no closing remarks.
- Only state what the transcript shows; do not invent progress.`;

/** System prompt of the summarizer call. */
export const SUMMARIZER_SYSTEM =
	"You are a precise note-taker. You read a conversation transcript and produce the requested structured summary. You never continue the conversation or answer questions in it.";

/** Build the summarizer's user prompt from its parts. */
export function buildSummaryPrompt(opts: {
	transcript: string;
	background?: string;
	customInstructions?: string;
	replaceInstructions?: boolean;
}): string {
	const custom = opts.customInstructions?.trim();
	const instructions =
		custom && opts.replaceInstructions
			? custom
			: custom
				? `${SUMMARY_INSTRUCTIONS}\n\nAdditional focus:\n${custom}`
				: SUMMARY_INSTRUCTIONS;
	const parts: string[] = [];
	if (opts.background?.trim()) {
		parts.push(
			"An earlier part of this conversation was already summarized. Update that summary with the new transcript: keep what still holds, move finished items to Done, and add what is new.",
			`<previous-summary>\n${opts.background.trim()}\n</previous-summary>`,
		);
	}
	parts.push(`<transcript>\n${opts.transcript}\n</transcript>`, instructions);
	return parts.join("\n\n");
}
