// Over 200 lines: one conversion, record kind by record kind, from Claude Code's format to arbor's.
/**
 * Claude Code session files (`~/.claude/projects/<cwd>/<uuid>.jsonl`) → arbor entries. Claude Code
 * already writes a tree (`uuid`/`parentUuid`; rewinding makes a branch), so ids and parents are
 * kept; one API reply written as several records is merged back into one assistant message;
 * `tool_use`/`tool_result` blocks become pi's toolCall and toolResult messages; a compaction
 * (boundary + summary message) becomes a `compaction` entry; `summary` lines become labels on
 * the entries they describe. Sidechain (sub-agent) records, bookkeeping records and repeats of a
 * record already read (same uuid) are skipped and counted. Pure.
 */
import { elements, member, rawOr, type Span } from "./raw-json.js";
import { isoOf, jsonLines, sourceText, skip, type Converted, type EntrySink, type ImportedEntry, type Skipped, type Source, type SourceFacts } from "./types.js";

type Rec = Record<string, unknown>;
type Block = { type?: string; [key: string]: unknown };

type State = {
	put: EntrySink;
	/** Ids of the entries put so far. */
	ids: Set<string>;
	count: number;
	first?: ImportedEntry;
	last?: ImportedEntry;
	/** The last message or compaction entry: where summary labels hang. */
	lastConversationId: string | null;
	/** Source uuid → the arbor id that stands for it (skipped records stand for their parent). */
	alias: Map<string, string | null>;
	toolNames: Map<string, string>;
	/**
	 * The assistant entry put last, while it is the last entry: the API message id (msg_…) whose
	 * further records merge into it, and its message. Entries are put as they are made, so only
	 * the last one can still grow.
	 */
	reply?: { apiId: string; id: string; message: { content: unknown[]; [key: string]: unknown } };
	skipped: Skipped;
	now: string;
};

function parentOf(s: State, rec: Rec): string | null {
	const raw = rec.type === "system" && rec.subtype === "compact_boundary" ? rec.logicalParentUuid : rec.parentUuid;
	if (typeof raw !== "string") return null;
	return s.alias.has(raw) ? (s.alias.get(raw) ?? null) : s.ids.has(raw) ? raw : null;
}

/** Puts an entry: the last one from now on (an open reply before it is final). */
function put(s: State, entry: ImportedEntry): void {
	s.reply = undefined;
	s.put(entry);
	s.ids.add(entry.id);
	s.count++;
	s.first ??= entry;
	s.last = entry;
	if (entry.type === "message" || entry.type === "compaction") s.lastConversationId = entry.id;
}

/** Puts `entry` (a fresh object: its id is added last, as before) under `id`, standing for `uuid`. */
function add(s: State, uuid: string, entry: Omit<ImportedEntry, "id">, id = uuid): ImportedEntry {
	const full = entry as ImportedEntry;
	full.id = id;
	put(s, full);
	s.alias.set(uuid, id);
	return full;
}

const STOP: Record<string, string> = { tool_use: "toolUse", end_turn: "stop", max_tokens: "length", stop_sequence: "stop" };

/**
 * Lines shorter than this are encoded from their parsed values: finding spans costs about what
 * encoding a short value does, so copying raw only pays for long values.
 */
const RAW_MIN = 2048;

/** The span of a record's `message.content` in its line (undefined when it cannot be found or is not worth it). */
function contentSpan(raw: string): Span | undefined {
	return raw.length < RAW_MIN ? undefined : member(raw, member(raw, [0, raw.length], "message"), "content");
}

/** `key`'s span in each block of `message.content`, when the line's blocks line up with the parsed ones. */
function blockSpans(raw: string, blocks: readonly unknown[]): (key: string, i: number) => Span | undefined {
	const spans = elements(raw, contentSpan(raw));
	if (spans?.length !== blocks.length) return () => undefined;
	return (key, i) => member(raw, spans[i], key);
}

/**
 * Text, thinking and tool inputs are copied verbatim from the source line when their JSON text is
 * what encoding the parsed value would write (raw-json.ts); the output bytes are the same either way.
 */
function assistantContent(blocks: Block[], s: State, raw: string): unknown[] {
	const out: unknown[] = [];
	const at = blockSpans(raw, blocks);
	for (const [i, b] of blocks.entries()) {
		if (b.type === "text" && typeof b.text === "string") out.push({ type: "text", text: rawOr(raw, at("text", i), b.text) });
		else if (b.type === "thinking" && typeof b.thinking === "string") out.push({ type: "thinking", thinking: rawOr(raw, at("thinking", i), b.thinking) });
		else if (b.type === "tool_use" && typeof b.id === "string") {
			s.toolNames.set(b.id, String(b.name ?? "tool"));
			const input = b.input === undefined || b.input === null ? {} : rawOr(raw, at("input", i), b.input);
			out.push({ type: "toolCall", id: b.id, name: String(b.name ?? "tool"), arguments: input });
		} else skip(s.skipped, `assistant ${String(b.type)} block`);
	}
	return out;
}

function usageOf(u: unknown): Rec {
	const x = (u ?? {}) as Record<string, number | undefined>;
	const input = x.input_tokens ?? 0;
	const output = x.output_tokens ?? 0;
	const cacheRead = x.cache_read_input_tokens ?? 0;
	const cacheWrite = x.cache_creation_input_tokens ?? 0;
	const cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
	return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite, cost };
}

function onAssistant(s: State, rec: Rec, raw: string, uuid: string, timestamp: string): void {
	const message = (rec.message ?? {}) as Rec;
	const blocks = Array.isArray(message.content) ? (message.content as Block[]) : [];
	const content = assistantContent(blocks, s, raw);
	const apiId = typeof message.id === "string" ? message.id : undefined;
	const parentId = parentOf(s, rec);
	const same = apiId !== undefined && s.reply?.apiId === apiId ? s.reply : undefined;
	if (same && same.id === parentId) {
		const m = same.message;
		m.content.push(...content);
		if (typeof message.stop_reason === "string") m.stopReason = STOP[message.stop_reason] ?? "stop";
		if (message.usage) m.usage = usageOf(message.usage);
		s.alias.set(uuid, same.id);
		return;
	}
	const hasCall = content.some((c) => (c as Block).type === "toolCall");
	const stop = typeof message.stop_reason === "string" ? (STOP[message.stop_reason] ?? "stop") : hasCall ? "toolUse" : "stop";
	const reply = {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: typeof message.model === "string" ? message.model : "unknown",
		usage: usageOf(message.usage),
		stopReason: stop,
		timestamp: Date.parse(timestamp),
	};
	const entry = add(s, uuid, { type: "message", parentId, timestamp, message: reply });
	if (apiId) s.reply = { apiId, id: entry.id, message: reply };
}

function onUser(s: State, rec: Rec, raw: string, uuid: string, timestamp: string, pendingBoundary: Rec | undefined): void {
	const message = (rec.message ?? {}) as Rec;
	const ms = Date.parse(timestamp);
	let parentId = parentOf(s, pendingBoundary ?? rec);
	if (rec.isCompactSummary === true || pendingBoundary) {
		const meta = (pendingBoundary?.compactMetadata ?? {}) as Rec;
		add(s, uuid, { type: "compaction", parentId, timestamp, summary: typeof message.content === "string" ? rawOr(raw, contentSpan(raw), message.content) : sourceText(message.content), firstKeptEntryId: uuid, tokensBefore: Number(meta.preTokens ?? 0) });
		if (pendingBoundary && typeof pendingBoundary.uuid === "string") s.alias.set(pendingBoundary.uuid, uuid);
		return;
	}
	if (typeof message.content === "string") {
		const text = rawOr(raw, contentSpan(raw), message.content);
		add(s, uuid, { type: "message", parentId, timestamp, message: { role: "user", content: [{ type: "text", text }], timestamp: ms } });
		return;
	}
	const blocks: Block[] = Array.isArray(message.content) ? (message.content as Block[]) : [];
	const at = blockSpans(raw, blocks);
	const texts: unknown[] = [];
	let n = 0;
	const nextId = () => (n++ === 0 ? uuid : `${uuid}-${n}`);
	for (const [i, b] of blocks.entries()) {
		if (b.type === "text") texts.push({ type: "text", text: typeof b.text === "string" ? rawOr(raw, at("text", i), b.text) : String(b.text ?? "") });
		else if (b.type === "image") texts.push({ type: "text", text: "[image]" });
		if (b.type !== "tool_result") continue;
		const callId = String(b.tool_use_id ?? "");
		const text = typeof b.content === "string" ? rawOr(raw, at("content", i), b.content) : sourceText(b.content);
		const e = add(s, uuid, { type: "message", parentId, timestamp, message: { role: "toolResult", toolCallId: callId, toolName: s.toolNames.get(callId) ?? "tool", content: [{ type: "text", text }], isError: b.is_error === true, timestamp: ms } }, nextId());
		parentId = e.id;
	}
	if (texts.length) {
		add(s, uuid, { type: "message", parentId, timestamp, message: { role: "user", content: texts, timestamp: ms } }, nextId());
	}
	if (n === 0) skip(s.skipped, "empty user record");
}

function onSummaries(s: State, summaries: Rec[]): void {
	let named: string | undefined;
	let leaf = s.lastConversationId;
	const at = s.last?.timestamp ?? s.now;
	for (const sum of summaries) {
		const target = typeof sum.leafUuid === "string" ? (s.alias.get(sum.leafUuid) ?? (s.ids.has(sum.leafUuid) ? sum.leafUuid : undefined)) : undefined;
		if (!target || typeof sum.summary !== "string") {
			skip(s.skipped, "summary line whose entry is not in this file");
			continue;
		}
		const id = `label-${s.count}`;
		put(s, { type: "label", id, parentId: leaf, timestamp: at, targetId: target, label: sum.summary });
		leaf = id;
		named = sum.summary;
	}
	if (named !== undefined) put(s, { type: "session_info", id: `name-${s.count}`, parentId: leaf, timestamp: at, name: named });
}

/** Converts a Claude Code session file (its bytes or text), putting each entry into `sink` as it is made; `facts` is filled in as it reads. */
export function convertClaudeCode(source: Source, sink: EntrySink, now = new Date().toISOString(), facts: SourceFacts = {}): Converted {
	const skipped: Skipped = new Map();
	const s: State = { put: sink, ids: new Set(), count: 0, lastConversationId: null, alias: new Map(), toolNames: new Map(), skipped, now };
	const summaries: Rec[] = [];
	let boundary: Rec | undefined;
	const seen = new Set<string>();
	for (const { value: rec, raw } of jsonLines(source, skipped)) {
		if (rec.type === "summary") {
			summaries.push(rec);
			continue;
		}
		const uuid = typeof rec.uuid === "string" ? rec.uuid : undefined;
		if (!uuid) {
			skip(skipped, `${String(rec.type ?? "untyped")} record (no uuid)`);
			continue;
		}
		// A record written twice (a resumed or copied session) would be two entries with one id.
		if (seen.has(uuid)) {
			skip(skipped, "repeated record (its uuid came earlier)");
			continue;
		}
		seen.add(uuid);
		facts.sourceSessionId ??= typeof rec.sessionId === "string" ? rec.sessionId : undefined;
		facts.cwd ??= typeof rec.cwd === "string" ? rec.cwd : undefined;
		const timestamp = isoOf(rec.timestamp, now);
		if (rec.isSidechain === true) {
			s.alias.set(uuid, parentOf(s, rec));
			skip(skipped, "sidechain (sub-agent) record");
		} else if (rec.type === "system" && rec.subtype === "compact_boundary") {
			boundary = rec;
			s.alias.set(uuid, parentOf(s, rec));
			continue;
		} else if (rec.type === "assistant") onAssistant(s, rec, raw, uuid, timestamp);
		else if (rec.type === "user" && rec.isMeta !== true) onUser(s, rec, raw, uuid, timestamp, boundary);
		else {
			s.alias.set(uuid, parentOf(s, rec));
			skip(skipped, rec.type === "user" ? "meta user record" : `${String(rec.type)} record`);
		}
		boundary = undefined;
	}
	onSummaries(s, summaries);
	return { format: "claude-code", sourceSessionId: facts.sourceSessionId, cwd: facts.cwd, startedAt: s.first?.timestamp, count: s.count, skipped };
}
