/** Rows of what pi 1.6 stores besides the conversation: its system messages and usage entries. */
import type { SystemMessage, UsageEntry } from "../session/types.js";

/** `[system: preamble, tools; +read -bash]`: which prompt sections and tools a pi system message changes. */
export function systemPreview(message: SystemMessage): string {
	const names = Object.keys(message.sections ?? {});
	const added = Array.isArray(message.toolsAdded) ? message.toolsAdded.map((t) => `+${String(t?.name)}`) : [];
	const removed = Array.isArray(message.toolsRemoved) ? message.toolsRemoved.map((t) => `-${String(t?.name)}`) : [];
	const tools = [...added, ...removed];
	return `[system: ${[names.join(", "), tools.join(" ")].filter((p) => p !== "").join("; ") || "prompt"}]`;
}

/** `[usage: cache_warm claude-x $0.0150]`: what a usage entry counted, and its cost when it has one. */
export function usagePreview(entry: UsageEntry): string {
	const total = (entry.usage as { cost?: { total?: unknown } } | undefined)?.cost?.total;
	const cost = typeof total === "number" && total > 0 ? ` $${total.toFixed(4)}` : "";
	return `[usage: ${String(entry.kind)} ${String(entry.model)}${cost}]`;
}
