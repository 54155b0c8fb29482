/**
 * Checks of every value an extension hands to arbor: the results of the `session_before_*`
 * handlers and the arguments of the API calls that write (`sendMessage`, `appendEntry`). A value is
 * first copied through JSON (what would be written; a BigInt, a cycle, a throwing getter or Proxy
 * trap fail here instead of in the store), then its shape is checked with zod, then the entry it
 * would become passes the store's own entry checks (entry-shape.ts), so arbor never writes an entry
 * it would itself call damaged. Loaded only when an extension exists.
 */
import { z } from "zod";
import type { EventMap } from "../events/bus.js";
import { entryProblem } from "../session/entry-shape.js";
import type { NewEntry } from "../session/types.js";
import type { SessionTreeView } from "../session/api.js";
import { contextEditFields, type ContextEditReplacement } from "../session/context-edit.js";

import { jsonCopy, type Checked } from "./json-copy.js";
import { reasonOf } from "./load.js";

export type { Checked } from "./json-copy.js";

const bad = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

const kindOf = (value: unknown): string => (Array.isArray(value) ? "a list" : value === null ? "null" : `a ${typeof value}`);

function shapeOf<T>(schema: z.ZodType<T>, value: unknown): Checked<T> {
	const parsed = schema.safeParse(value);
	if (parsed.success) return { ok: true, value: parsed.data };
	const issue = parsed.error.issues[0];
	const where = issue?.path.length ? issue.path.map(String).join(".") : "value";
	return bad(`${where}: ${(issue?.message ?? "invalid").replace(/^Invalid (input|option): /, "")}`);
}

/**
 * An object's fields that `schema` knows (others are not arbor's business, whatever they hold),
 * copied through JSON and checked against it.
 */
function objectOf<S extends z.ZodObject>(schema: S, value: unknown): Checked<z.infer<S>> {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return bad(`not an object (${kindOf(value)})`);
	const picked: Record<string, unknown> = {};
	try {
		for (const key of Object.keys(schema.shape)) {
			const field: unknown = (value as Record<string, unknown>)[key];
			if (field !== undefined) picked[key] = field;
		}
	} catch (error) {
		return bad(`unreadable (${reasonOf(error)})`);
	}
	const copy = jsonCopy(picked);
	if (!copy.ok) return copy;
	return shapeOf(schema, copy.value) as Checked<z.infer<S>>;
}

const summary = z.object({ summary: z.string(), details: z.unknown().optional() });

const RESULTS = {
	session_before_tree: z.object({
		cancel: z.boolean().optional(),
		summary: summary.optional(),
		customInstructions: z.string().optional(),
		replaceInstructions: z.boolean().optional(),
		label: z.string().optional(),
	}),
	session_before_fork: z.object({ cancel: z.boolean().optional() }),
	session_before_restore: z.object({ cancel: z.boolean().optional() }),
	tool_call: z.object({ block: z.boolean().optional(), reason: z.string().optional() }),
	turn_start: z.object({ systemPrompt: z.string().optional() }),
	tool_result: z.object({ output: z.string().optional(), isError: z.boolean().optional() }),
	input: z.object({ text: z.string().optional() }),
	user_bash: z.object({ command: z.string().optional(), output: z.string().optional(), exitCode: z.number().int().optional() }),
	context: z.object({ messages: z.array(z.looseObject({ role: z.enum(["user", "assistant", "toolResult", "bashExecution", "custom", "compactionSummary", "branchSummary"]) })).optional() }),
	session_before_compact: z.object({ cancel: z.boolean().optional(), compaction: summary.optional() }),
	before_agent_start: z.object({
		systemPrompt: z.string().optional(),
		message: z.object({ customType: z.string(), content: z.union([z.string(), z.array(z.unknown())]), display: z.boolean().optional(), details: z.unknown().optional() }).optional(),
	}),
};

type WithResult = keyof typeof RESULTS;

const hasResult = (name: keyof EventMap): name is WithResult => Object.hasOwn(RESULTS, name);

/** The entry a hook's summary becomes, for the store's own check (its nesting depth, its fields). */
function summaryEntry(name: WithResult, result: Record<string, unknown>): Record<string, unknown> | undefined {
	const s = (name === "session_before_tree" ? result.summary : name === "session_before_compact" ? result.compaction : undefined) as
		| { summary: string; details?: unknown }
		| undefined;
	if (!s) return undefined;
	return name === "session_before_tree"
		? { type: "branch_summary", fromId: "", ...s }
		: { type: "compaction", firstKeptEntryId: "", tokensBefore: 0, ...s };
}

/**
 * A handler's result as the bus may merge it: undefined for "nothing" (also for every event whose
 * result arbor does not use), the checked copy, or why it is unusable.
 */
export function checkResult(name: keyof EventMap, value: unknown): Checked<Record<string, unknown> | undefined> {
	if (!hasResult(name) || value === undefined || value === null) return { ok: true, value: undefined };
	const checked = objectOf(RESULTS[name], value) as Checked<Record<string, unknown>>;
	if (!checked.ok) return checked;
	const entry = summaryEntry(name, checked.value);
	const problem = entry && entryProblem(entry, true);
	return problem ? bad(problem) : checked;
}

const sendMessage = z.object({
	customType: z.string(),
	content: z.union([z.string(), z.array(z.unknown())]),
	display: z.boolean().optional(),
	details: z.unknown().optional(),
});

/** The entry of a final check: the store's own check on the full entry. */
function entryOf(entry: NewEntry): Checked<NewEntry> {
	const problem = entryProblem(entry as Record<string, unknown>, true);
	return problem ? bad(problem) : { ok: true, value: entry };
}

/** `sendMessage(message)` → the custom_message entry, or why it cannot be written. */
export function messageEntry(message: unknown): Checked<NewEntry> {
	const checked = objectOf(sendMessage, message);
	if (!checked.ok) return checked;
	const m = checked.value;
	return entryOf({ type: "custom_message", customType: m.customType, content: m.content as string, display: m.display === true, ...(m.details !== undefined ? { details: m.details } : {}) });
}

/** `appendEntry(customType, data)` → the custom entry, or why it cannot be written. */
export function customEntry(customType: unknown, data: unknown): Checked<NewEntry> {
	if (typeof customType !== "string") return bad(`customType: expected string, received ${kindOf(customType).replace(/^an? /, "")}`);
	if (data === undefined) return entryOf({ type: "custom", customType });
	const copy = jsonCopy(data);
	if (!copy.ok) return bad(`data: ${copy.reason}`);
	return entryOf({ type: "custom", customType, data: copy.value });
}

/** `setLabel(entryId, label)` → the label entry (no text: the label removed), or why not. */
export function labelEntry(known: (id: string) => boolean, entryId: unknown, label: unknown): Checked<NewEntry> {
	if (typeof entryId !== "string") return bad(`entryId: expected string, received ${kindOf(entryId).replace(/^an? /, "")}`);
	if (!known(entryId)) return bad(`entryId: no entry ${JSON.stringify(entryId.slice(0, 40))} in this session`);
	if (label !== undefined && label !== null && typeof label !== "string") return bad(`label: expected string, received ${kindOf(label).replace(/^an? /, "")}`);
	return entryOf(typeof label === "string" && label.trim() !== "" ? { type: "label", targetId: entryId, label } : { type: "label", targetId: entryId });
}

/** `appendContextEdit(targetId, replacement)` → pi 1.6's context_edit entry (the store's own check of the target), or why not. */
export function contextEditEntry(view: SessionTreeView, targetId: unknown, replacement: unknown): Checked<NewEntry> {
	if (typeof targetId !== "string") return bad(`targetId: expected string, received ${kindOf(targetId).replace(/^an? /, "")}`);
	if (replacement !== null && (typeof replacement !== "object" || Array.isArray(replacement))) return bad("replacement: expected null or {content}");
	const copy = jsonCopy(replacement);
	if (!copy.ok) return copy;
	try {
		return entryOf(contextEditFields(view, targetId, copy.value as ContextEditReplacement));
	} catch (error) {
		return bad(reasonOf(error));
	}
}

/** `setSessionName(name)` → pi's session_info entry, or why not. */
export function nameEntry(name: unknown): Checked<NewEntry> {
	if (typeof name !== "string" || name.trim() === "") return bad(`name: expected non-empty text, received ${kindOf(name).replace(/^an? /, "")}`);
	return entryOf({ type: "session_info", name: name.trim() });
}
