/**
 * AgentSession's prompt templates and skills (config/prompt-library.ts): a prompt, steering
 * message or follow-up that starts with `/name` or `/skill:name` is sent expanded, and `get_commands`
 * (RPC) and `available_commands_update` (ACP) list them.
 */
import { expandInput, type PromptLibrary } from "../config/prompt-library.js";
import type { QueuedContent } from "../llm/message-queue.js";
import { errorMessage } from "../text/error-text.js";
import { AgentError } from "./types.js";

/** A template or skill a prompt can start with, as pi's get_commands lists one. */
export type LibraryCommand = { name: string; description: string; argumentHint?: string; source: "prompt" | "skill"; path: string };

/** `text` with a template or skill expanded; AgentError ("invalid") when a skill's file cannot be read. */
export function expandText(library: PromptLibrary, text: string): string {
	try {
		return expandInput(text, library) ?? text;
	} catch (error) {
		throw new AgentError("invalid", errorMessage(error));
	}
}

/** {@link expandText} of a queued message's text (its first part, when it has images). */
export function expandContent(library: PromptLibrary, content: QueuedContent): QueuedContent {
	if (typeof content === "string") return expandText(library, content);
	const [first, ...rest] = content;
	return first?.type === "text" ? [{ ...first, text: expandText(library, first.text) }, ...rest] : content;
}

export function libraryCommands(library: PromptLibrary): LibraryCommand[] {
	return [
		...library.templates.map((t) => ({ name: t.name, description: t.description, ...(t.argumentHint ? { argumentHint: t.argumentHint } : {}), source: "prompt" as const, path: t.path })),
		...library.skills.map((s) => ({ name: `skill:${s.name}`, description: s.description, source: "skill" as const, path: s.path })),
	];
}
