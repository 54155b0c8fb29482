import { oneLine } from "../text/one-line.js";
import { terminalText } from "../text/terminal-text.js";
import { cutToWidth } from "../text/text-width.js";
import type { ContextMessage, SessionContext } from "../session/types.js";
import { counted } from "../text/count.js";

type SessionRow = {
	file: string;
	id: string;
	name?: string;
	firstMessage?: string;
	entryCount: number;
	modified: Date | string;
	parentSession?: string;
	lastError?: string;
	/** Who the entries `arbor sync` brought in came from (`user@host`). */
	syncedFrom?: string[];
};

/** On one line, sanitized (the text comes from the file) and cut by display columns. */
const fitted = (text: string, max: number) => cutToWidth(oneLine(terminalText(text)), max);

/** `arbor sessions`: newest first, one line each, then the file (and fork lineage) indented. */
export function formatSessions(sessions: readonly SessionRow[]): string {
	return sessions
		.map((s) => {
			const when = (s.modified instanceof Date ? s.modified : new Date(s.modified)).toISOString().slice(0, 16).replace("T", " ");
			const title = s.name ? `${fitted(s.name, 60)} — ${fitted(s.firstMessage ?? "", 50)}` : fitted(s.firstMessage ?? "(no messages)", 70);
			const lines = [`${when}  ${s.id.slice(0, 8)}  ${counted(s.entryCount, "entry", "entries", String(s.entryCount).padStart(5))}  ${title}`, `    ${s.file}`];
			if (s.parentSession) lines.push(`    forked from ${s.parentSession}`);
			if (s.syncedFrom?.length) lines.push(`    synced from ${s.syncedFrom.map((a) => fitted(a, 60)).join(", ")}`);
			if (s.lastError !== undefined) lines.push(`    last reply failed: ${fitted(s.lastError, 100)}`);
			return lines.join("\n");
		})
		.join("\n");
}

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((part: { type?: string; text?: string; thinking?: string; name?: string; arguments?: unknown; mimeType?: string }) => {
			switch (part?.type) {
				case "text":
					return part.text ?? "";
				case "thinking":
					return `(thinking) ${part.thinking ?? ""}`;
				case "toolCall":
					return `→ ${part.name}(${JSON.stringify(part.arguments ?? {})})`;
				case "image":
					return `[image ${part.mimeType ?? ""}]`;
				default:
					return "";
			}
		})
		.filter(Boolean)
		.join("\n");
}

function formatMessage(m: ContextMessage): string {
	switch (m.role) {
		case "user":
			return `user: ${textOf(m.content)}`;
		case "assistant": {
			const status = m.stopReason === "error" ? ` (error: ${m.errorMessage ?? "unknown"})` : m.stopReason === "aborted" ? " (aborted)" : "";
			return `assistant${status}: ${textOf(m.content)}`;
		}
		case "toolResult":
			return `tool result [${m.toolName}]${m.isError ? " (error)" : ""}: ${textOf(m.content)}`;
		case "bashExecution":
			return `bash: $ ${m.command}\n${m.output}`;
		case "custom":
			return `[${m.customType}]: ${textOf(m.content)}`;
		case "compactionSummary":
			return `[compaction summary, ${counted(m.tokensBefore, "token")} before]\n${m.summary}`;
		case "branchSummary":
			return `[branch summary from ${m.fromId}]\n${m.summary}`;
		default: {
			const never: never = m;
			return JSON.stringify(never);
		}
	}
}

/** `arbor context`: a readable transcript of what the model would receive (sanitized for a terminal). */
export function formatContext(context: SessionContext): string {
	const head = [
		`leaf: ${context.leafId ?? "(empty)"}`,
		`model: ${context.model ? `${context.model.provider}:${context.model.modelId}` : "(none)"}`,
		`thinking: ${context.thinkingLevel}`,
		`messages: ${context.messages.length}`,
	].join("  ");
	return terminalText([head, ...context.messages.map((m) => `\n${formatMessage(m)}`)].join("\n"));
}
