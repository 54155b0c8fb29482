/**
 * Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`) → arbor entries. A rollout
 * is linear, so entries are chained in file order. Both layouts are read: the current one
 * (`{timestamp, type: "session_meta" | "response_item" | "turn_context" | "compacted" |
 * "event_msg", payload}`) and the early one (a bare meta line, then bare response items).
 * Reasoning, text and function calls that follow each other become one assistant message;
 * function outputs become toolResult messages; `compacted` becomes a compaction entry. The
 * `event_msg` records repeat what the response items say and are skipped; so are the environment
 * and instruction blocks Codex injects as user messages. Pure.
 */
import { randomUUID } from "node:crypto";
import { isoOf, jsonLines, skip, type Converted, type EntrySink, type ImportedEntry, type Skipped, type Source, type SourceFacts } from "./types.js";

type Rec = Record<string, unknown>;

type State = {
	put: EntrySink;
	first?: ImportedEntry;
	parentId: string | null;
	/** The message of the assistant entry being assembled (reasoning, text and calls in a row). */
	reply?: { content: unknown[]; [key: string]: unknown };
	model: string;
	toolNames: Map<string, string>;
	skipped: Skipped;
	n: number;
};

const INJECTED = /^\s*<(environment_context|user_instructions|INSTRUCTIONS)>/;

function push(s: State, entry: Omit<ImportedEntry, "id" | "parentId">): ImportedEntry {
	const full = { ...entry, id: `${(++s.n).toString(16).padStart(8, "0")}`, parentId: s.parentId } as ImportedEntry;
	// Only the entry put last changes afterwards (the reply being assembled, a compaction's own id).
	s.put(full);
	s.first ??= full;
	s.parentId = full.id;
	return full;
}

function texts(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((c: { text?: unknown }) => (typeof c?.text === "string" ? c.text : ""))
		.filter((t) => t !== "")
		.join("\n");
}

function replyContent(s: State, timestamp: string): unknown[] {
	if (!s.reply) {
		s.reply = {
			role: "assistant",
			content: [],
			api: "openai-responses",
			provider: "openai",
			model: s.model,
			usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
			stopReason: "stop",
			timestamp: Date.parse(timestamp),
		};
		push(s, { type: "message", timestamp, message: s.reply });
	}
	return s.reply.content;
}

function parseArgs(raw: unknown): unknown {
	if (typeof raw !== "string") return raw ?? {};
	try {
		return JSON.parse(raw) as unknown;
	} catch {
		return { input: raw };
	}
}

/** A function output as Codex stores it: plain text, or JSON `{output, metadata: {exit_code}}`. */
function outputOf(raw: unknown): { text: string; isError: boolean } {
	const str = typeof raw === "string" ? raw : typeof (raw as Rec)?.content === "string" ? String((raw as Rec).content) : JSON.stringify(raw ?? "");
	try {
		const v = JSON.parse(str) as { output?: unknown; metadata?: { exit_code?: unknown } };
		if (v && typeof v.output === "string") return { text: v.output, isError: typeof v.metadata?.exit_code === "number" && v.metadata.exit_code !== 0 };
	} catch {
		// plain text output
	}
	return { text: str, isError: false };
}

function onItem(s: State, item: Rec, timestamp: string): void {
	const ms = Date.parse(timestamp);
	switch (item.type) {
		case "message": {
			const text = texts(item.content);
			if (item.role === "assistant") {
				if (text) replyContent(s, timestamp).push({ type: "text", text });
				return;
			}
			if (item.role !== "user") return skip(s.skipped, `${String(item.role)} message`);
			if (INJECTED.test(text)) return skip(s.skipped, "context Codex injected as a user message");
			s.reply = undefined;
			push(s, { type: "message", timestamp, message: { role: "user", content: [{ type: "text", text }], timestamp: ms } });
			return;
		}
		case "reasoning": {
			const summary = texts(item.summary);
			if (summary) replyContent(s, timestamp).push({ type: "thinking", thinking: summary });
			else skip(s.skipped, "encrypted reasoning");
			return;
		}
		case "function_call":
		case "custom_tool_call":
		case "local_shell_call": {
			const id = String(item.call_id ?? item.id ?? randomUUID());
			const name = String(item.name ?? (item.type === "local_shell_call" ? "shell" : "tool"));
			s.toolNames.set(id, name);
			const content = replyContent(s, timestamp);
			content.push({ type: "toolCall", id, name, arguments: item.type === "custom_tool_call" ? { input: item.input } : parseArgs(item.arguments ?? item.action) });
			if (s.reply) s.reply.stopReason = "toolUse";
			return;
		}
		case "function_call_output":
		case "custom_tool_call_output": {
			const id = String(item.call_id ?? "");
			const out = outputOf(item.output);
			s.reply = undefined;
			push(s, { type: "message", timestamp, message: { role: "toolResult", toolCallId: id, toolName: s.toolNames.get(id) ?? "tool", content: [{ type: "text", text: out.text }], isError: out.isError, timestamp: ms } });
			return;
		}
		default:
			skip(s.skipped, `${String(item.type)} item`);
	}
}

/** Converts a Codex rollout (its bytes or text), putting each entry into `sink` as it is made; `facts` is filled in as it reads. */
export function convertCodex(source: Source, sink: EntrySink, now = new Date().toISOString(), facts: SourceFacts = {}): Converted {
	const skipped: Skipped = new Map();
	const s: State = { put: sink, parentId: null, model: "unknown", toolNames: new Map(), skipped, n: 0 };
	for (const { value: rec } of jsonLines(source, skipped)) {
		const timestamp = isoOf(rec.timestamp, facts.startedAt ?? now);
		const payload = (rec.payload ?? undefined) as Rec | undefined;
		if (rec.type === "session_meta" || (!payload && typeof rec.id === "string" && !rec.type)) {
			const meta = payload ?? rec;
			facts.sourceSessionId ??= typeof meta.id === "string" ? meta.id : undefined;
			facts.cwd ??= typeof meta.cwd === "string" ? meta.cwd : undefined;
			facts.startedAt ??= isoOf(meta.timestamp, timestamp);
		} else if (rec.type === "turn_context" && payload) {
			if (typeof payload.model === "string") s.model = payload.model;
			facts.cwd ??= typeof payload.cwd === "string" ? payload.cwd : undefined;
		} else if (rec.type === "compacted" && payload) {
			s.reply = undefined;
			const entry = push(s, { type: "compaction", timestamp, summary: String(payload.message ?? ""), firstKeptEntryId: "", tokensBefore: 0 });
			entry.firstKeptEntryId = entry.id;
		} else if (rec.type === "response_item" && payload) onItem(s, payload, timestamp);
		else if (!payload && typeof rec.type === "string" && rec.record_type === undefined && rec.type !== "event_msg") onItem(s, rec, timestamp);
		else skip(skipped, rec.type === "event_msg" ? "event record (repeats the items)" : `${String(rec.type ?? rec.record_type ?? "untyped")} record`);
	}
	return { format: "codex", sourceSessionId: facts.sourceSessionId, cwd: facts.cwd, startedAt: facts.startedAt ?? s.first?.timestamp, count: s.n, skipped };
}
