/**
 * AgentSession's prompt templates and skills (config/prompt-library.ts): a prompt, steering
 * message or follow-up that starts with `/name` or `/skill:name` is sent expanded.
 */
import { expandInput, type PromptLibrary } from "../config/prompt-library.js";
import type { QueuedContent } from "../llm/message-queue.js";
import { errorMessage } from "../text/error-text.js";
import { AgentError } from "./types.js";

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
