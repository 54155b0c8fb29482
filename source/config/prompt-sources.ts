/**
 * Everything of the user's that goes into the system prompt and the slash commands, read together
 * by every chat front end: project instructions (AGENTS.md), prompt templates and skills, and the
 * user's own system prompt (SYSTEM.md, APPEND_SYSTEM.md). The chat's `/reload` reads them again.
 */
import { chatContextFiles, contextFilesLine, type ContextFiles } from "./context-files.js";
import type { ChatFlags } from "./options.js";
import { libraryLine, loadPromptLibrary, type PromptLibrary } from "./prompt-library.js";
import { projectSettingsFile, type Settings } from "./settings.js";
import { loadSystemPromptText, systemPromptLine, type SystemPromptText } from "./system-prompt-files.js";
import { projectNote } from "./trust.js";

/** `projectSettings`: the project's settings file, when it has one (named with the rest; see settings.ts). */
export type PromptSources = {
	contextFiles: ContextFiles;
	library: PromptLibrary;
	systemPrompt: SystemPromptText;
	projectSettings?: string;
	/** Why the project's `.arbor/` was left out (trust.ts's projectNote; "" when it was not). */
	project?: string;
};

type Flags = Pick<ChatFlags, "contextFiles" | "promptTemplates" | "skills" | "promptTemplate" | "skill" | "systemPrompt" | "appendSystemPrompt">;

/** Reads them all; a SYSTEM.md (or --system-prompt file) that cannot be read throws a usage error. */
export async function loadPromptSources(where: { cwd: string; home: string }, settings: Settings, flags: Flags): Promise<PromptSources> {
	return {
		contextFiles: chatContextFiles(flags, settings, where),
		library: await loadPromptLibrary(where, settings, flags),
		systemPrompt: loadSystemPromptText(where, flags),
		projectSettings: projectSettingsFile(where),
		project: projectNote(where),
	};
}

/** Their warnings: unreadable AGENTS.md files, skills and templates that broke a rule. */
export function promptWarnings(sources: PromptSources): string[] {
	return [...sources.contextFiles.warnings, ...sources.library.warnings];
}

/** The start-up line: `instructions: AGENTS.md · system prompt: … · 1 prompt template, 2 skills · settings: .arbor/settings.json` ("" when there is nothing to name). */
export function promptSourcesLine(sources: PromptSources, cwd: string): string {
	const context = sources.contextFiles;
	const parts = [
		context.files.length > 0 || context.warnings.length > 0 ? contextFilesLine(context, cwd) : "",
		systemPromptLine(sources.systemPrompt),
		libraryLine(sources.library),
		sources.projectSettings ? `settings: ${sources.projectSettings}` : "",
		sources.project ?? "",
	];
	return parts.filter((part) => part !== "").join(" · ");
}

/** What buildSystemPrompt (llm/prompts.ts) takes of them. */
export function promptParts(sources: PromptSources): { contextFiles: ContextFiles["files"]; skills: PromptLibrary["skills"]; own: SystemPromptText } {
	return { contextFiles: sources.contextFiles.files, skills: sources.library.skills, own: sources.systemPrompt };
}
