/**
 * Shape checks for parsed entries: what every view, context building and the model conversion may
 * rely on. A check returns why an entry is unusable, or undefined. Only the fields arbor reads are
 * checked; unknown fields and unknown entry types are left alone (pi compatibility).
 */

type Obj = Record<string, unknown>;
type Check = (value: Obj) => string | undefined;

/** Deeper values overflow the stack of recursive code (JSON.stringify, schema checks) downstream. */
export const MAX_NESTING = 256;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (o: Obj, key: string) => (typeof o[key] === "string" ? undefined : `${key} is not a string`);
const optStr = (o: Obj, key: string) => (o[key] === undefined || typeof o[key] === "string" ? undefined : `${key} is not a string`);
const optBool = (o: Obj, key: string) => (o[key] === undefined || typeof o[key] === "boolean" ? undefined : `${key} is not a boolean`);
const num = (o: Obj, key: string) => (typeof o[key] === "number" ? undefined : `${key} is not a number`);
const first = (...found: (string | undefined)[]) => found.find((f) => f !== undefined);

const PARTS: Record<string, Check> = {
	text: (p) => str(p, "text"),
	image: (p) => first(str(p, "data"), str(p, "mimeType")),
	thinking: (p) => str(p, "thinking"),
	toolCall: (p) => first(str(p, "id"), str(p, "name"), isObj(p.arguments) || p.arguments === undefined ? undefined : "arguments is not an object"),
};

/**
 * Why a content is unusable. A part of a type arbor does not know (a newer pi's, e.g. `finalAnswer`)
 * is kept: views show it by its type and requests leave it out. A known type in a role that cannot
 * hold it (a tool call in a user message) is a problem.
 */
function parts(content: unknown, allowed: readonly string[], allowString: boolean): string | undefined {
	if (allowString && typeof content === "string") return undefined;
	if (!Array.isArray(content)) return allowString ? "content is neither text nor a list of parts" : "content is not a list of parts";
	for (let i = 0; i < content.length; i++) {
		const part: unknown = content[i];
		const type = isObj(part) ? part.type : undefined;
		if (typeof type === "string" && !Object.hasOwn(PARTS, type)) continue;
		const check = typeof type === "string" && allowed.includes(type) ? PARTS[type] : undefined;
		if (check === undefined) return `content part ${i + 1} is not one of ${allowed.join(", ")}`;
		const problem = check(part as Obj);
		if (problem) return `content part ${i + 1} (${type}): ${problem}`;
	}
	return undefined;
}

const USER_PARTS = ["text", "image"];
const ANY_PARTS = ["text", "image", "thinking", "toolCall"];
const optList = (o: Obj, key: string) => (o[key] === undefined || Array.isArray(o[key]) ? undefined : `${key} is not a list`);

/** pi 1.6's system message: a prompt text (pi reads a missing one as empty), sections, tool changes. */
const systemProblem: Check = (m) =>
	first(
		m.content === undefined || m.content === null ? undefined : parts(m.content, ["text"], true),
		m.sections === undefined || isObj(m.sections) ? undefined : "sections is not an object",
		optList(m, "toolsAdded"),
		optList(m, "toolsRemoved"),
	);

const ROLES: Record<string, Check> = {
	user: (m) => parts(m.content, USER_PARTS, true),
	assistant: (m) =>
		first(
			parts(m.content, ["text", "thinking", "toolCall"], false),
			optStr(m, "stopReason"),
			optStr(m, "errorMessage"),
			m.usage === undefined || isObj(m.usage) ? undefined : "usage is not an object",
		),
	toolResult: (m) => first(str(m, "toolCallId"), str(m, "toolName"), parts(m.content, USER_PARTS, false), optBool(m, "isError")),
	bashExecution: (m) =>
		first(str(m, "command"), str(m, "output"), m.exitCode === null || m.exitCode === undefined ? undefined : num(m, "exitCode")),
	custom: (m) => first(str(m, "customType"), parts(m.content, USER_PARTS, true)),
	system: systemProblem,
};

function messageProblem(e: Obj): string | undefined {
	const m = e.message;
	if (!isObj(m)) return "message is missing or not an object";
	if (typeof m.role !== "string") return `message role ${JSON.stringify(m.role)?.slice(0, 30) ?? "(none)"} is not one arbor can use`;
	// A role arbor does not know (a newer pi's) is kept: shown by its name, never in context.
	const check = Object.hasOwn(ROLES, m.role) ? ROLES[m.role] : undefined;
	if (!check) return undefined;
	const problem = check(m);
	return problem && `message (${m.role}): ${problem}`;
}

const TYPES: Record<string, Check> = {
	message: messageProblem,
	model_change: (e) => first(str(e, "provider"), str(e, "modelId")),
	thinking_level_change: (e) => str(e, "thinkingLevel"),
	// A missing firstKeptEntryId (a v1 index that pointed nowhere) keeps nothing before the compaction, as in pi.
	compaction: (e) =>
		first(
			str(e, "summary"),
			optStr(e, "firstKeptEntryId"),
			num(e, "tokensBefore"),
			e.systemMessage === undefined ? undefined : isObj(e.systemMessage) ? systemProblem(e.systemMessage) : "systemMessage is not an object",
		),
	branch_summary: (e) => first(optStr(e, "summary"), optStr(e, "fromId")),
	custom: (e) => str(e, "customType"),
	custom_message: (e) => first(str(e, "customType"), parts(e.content, USER_PARTS, true), optBool(e, "display")),
	label: (e) => first(str(e, "targetId"), e.label === null ? undefined : optStr(e, "label")),
	session_info: (e) => optStr(e, "name"),
	usage: (e) => first(optStr(e, "kind"), optStr(e, "provider"), optStr(e, "model"), isObj(e.usage) ? undefined : "usage is not an object"),
	context_edit: (e) => first(str(e, "targetId"), replacementProblem(e.replacement)),
};

function replacementProblem(r: unknown): string | undefined {
	if (r === null) return undefined;
	if (!isObj(r)) return "replacement is neither null nor an object";
	const problem = parts(r.content, ANY_PARTS, true);
	return problem && `replacement ${problem}`;
}

/**
 * Why a parsed entry cannot be used by the views or the model, or undefined when it can.
 * `deep` says whether the line is long enough to hold more than MAX_NESTING levels (a line of n
 * bytes nests at most n/2 deep), so short lines skip the nesting walk.
 */
export function entryProblem(entry: Obj, deep: boolean): string | undefined {
	if (typeof entry.type !== "string") return "entry has no type";
	if (deep && nestingExceeds(entry, MAX_NESTING)) return `values nested more than ${MAX_NESTING} levels deep`;
	const check = Object.hasOwn(TYPES, entry.type) ? TYPES[entry.type] : undefined;
	return check?.(entry);
}

/**
 * Whether a value below `root` (itself at depth 1) sits deeper than `limit`. Recursive, but never
 * more than `limit` calls deep: it stops as soon as it is one level past the limit, so the values
 * it is meant to catch cannot overflow its own stack.
 */
function nestingExceeds(root: unknown, limit: number): boolean {
	return typeof root === "object" && root !== null && deeperThan(root, limit);
}

/** True when `value` has an object or list `left` or more levels below it. */
function deeperThan(value: object, left: number): boolean {
	if (left === 0) return true;
	if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i++) {
			const child: unknown = value[i];
			if (typeof child === "object" && child !== null && deeperThan(child, left - 1)) return true;
		}
		return false;
	}
	for (const key in value) {
		const child = (value as Obj)[key];
		if (typeof child === "object" && child !== null && deeperThan(child, left - 1)) return true;
	}
	return false;
}
