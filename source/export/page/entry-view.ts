/// <reference lib="dom" />
/**
 * One session entry as a block of the conversation pane. Every block carries data-entry-id;
 * entries that say nothing to a reader (labels, custom state, leaf markers) give no block.
 */
import { entryType, roleName } from "../../session/entry-guards.js";
import type { SessionEntry, StoredMessage } from "../../session/types.js";
import { details, el, type Child } from "./dom.js";
import { markdown } from "./markdown-dom.js";

type Part = { type?: string; text?: string; thinking?: string; name?: string; arguments?: unknown; data?: string; mimeType?: string };

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

function image(part: Part): Child {
	const ok = typeof part.data === "string" && /^[A-Za-z0-9+/=\s]*$/.test(part.data) && IMAGE_TYPES.test(part.mimeType ?? "");
	return ok ? el("img", { class: "attached", alt: "attached image", src: `data:${part.mimeType};base64,${part.data}` }) : `[image ${part.mimeType ?? ""}]`;
}

function parts(content: unknown): Part[] {
	if (typeof content === "string") return [{ type: "text", text: content }];
	return Array.isArray(content) ? (content as Part[]).filter((p) => p && typeof p === "object") : [];
}

function partView(part: Part): Child {
	switch (part.type) {
		case "text":
			return markdown(part.text ?? "");
		case "thinking":
			return details("Thinking", [el("pre", { class: "plain" }, part.thinking ?? "")], { cls: "thinking" });
		case "toolCall":
			return details(`Tool call: ${part.name ?? "?"}`, [el("pre", { class: "plain" }, JSON.stringify(part.arguments ?? {}, null, 2))], { cls: "tool-call" });
		case "image":
			return image(part);
		default:
			return null;
	}
}

function block(entry: SessionEntry, kind: string, title: string, body: Child[], label?: string): HTMLElement {
	const head = el("div", { class: "head" }, el("span", { class: "who" }, title), label ? el("span", { class: "label" }, label) : null);
	return el("article", { class: `entry ${kind}`, "data-entry-id": entry.id, "data-type": entryType(entry) }, head, ...body);
}

function plainOutput(content: unknown): Child[] {
	return parts(content).map((p) => (p.type === "image" ? image(p) : el("pre", { class: "plain" }, p.text ?? "")));
}

function messageView(entry: SessionEntry, m: StoredMessage, label?: string, preview?: string): HTMLElement {
	switch (m.role) {
		case "user":
			return block(entry, "user", "User", parts(m.content).map(partView), label);
		case "assistant": {
			const status = m.stopReason === "error" ? el("p", { class: "error" }, `Error: ${m.errorMessage ?? "unknown"}`) : m.stopReason === "aborted" ? el("p", { class: "error" }, "(aborted)") : null;
			const who = m.model ? `Assistant · ${m.model}` : "Assistant";
			return block(entry, "assistant", who, [...parts(m.content).map(partView), status], label);
		}
		case "toolResult": {
			// The summary line is the tree's preview (`[read: src/a.ts]`), found via the matching tool call.
			const body = details(`${preview ?? m.toolName}${m.isError ? " (error)" : ""}`, plainOutput(m.content), { open: m.isError });
			return block(entry, `tool${m.isError ? " failed" : ""}`, "Tool result", [body], label);
		}
		case "bashExecution":
			return block(entry, "tool", `$ ${m.command}`, [details("Output", [el("pre", { class: "plain" }, m.output)])], label);
		case "custom":
			return block(entry, "custom", `[${m.customType}]`, parts(m.content).map(partView), label);
		default: {
			// pi's system messages and roles this version does not know: shown by their role.
			return block(entry, "meta", `[${roleName(m)}]`, [], label);
		}
	}
}

/** The block for `entry`, or null when it has nothing to show; `preview` is its tree row text. */
export function entryView(entry: SessionEntry, label?: string, preview?: string): HTMLElement | null {
	switch (entry.type) {
		case "message":
			return messageView(entry, entry.message, label, preview);
		case "custom_message":
			return block(entry, "custom", `[${String(entry.customType)}]`, parts(entry.content).map(partView), label);
		case "branch_summary":
			return block(entry, "summary", "Branch summary", [markdown(String(entry.summary ?? ""))], label);
		case "compaction":
			return block(entry, "summary compaction", `Compaction · ${Math.round(Number(entry.tokensBefore) / 1000)}k tokens before`, [details("Summary", [markdown(String(entry.summary ?? ""))], { open: true })], label);
		case "model_change":
			return block(entry, "meta", `Model: ${String(entry.provider)}:${String(entry.modelId)}`, [], label);
		case "thinking_level_change":
			return block(entry, "meta", `Thinking: ${String(entry.thinkingLevel)}`, [], label);
		default:
			return null;
	}
}

/** Entry types the conversation pane shows (tests compare the pane with the store's path). */
export const SHOWN_TYPES: ReadonlySet<string> = new Set(["message", "custom_message", "branch_summary", "compaction", "model_change", "thinking_level_change"]);
