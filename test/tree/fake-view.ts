import type { SessionTreeView } from "../../source/session/api.js";
import type { SessionEntry, SessionHeader } from "../../source/session/types.js";

/**
 * A minimal in-memory SessionTreeView for row-builder tests (the real store is tested by its own
 * helper). Children by timestamp then file order, like the store.
 */
export function fakeView(entries: SessionEntry[], leafId: string | null): SessionTreeView {
	const byId = new Map(entries.map((e) => [e.id, e]));
	const children = new Map<string, SessionEntry[]>();
	const roots: SessionEntry[] = [];
	for (const e of entries) {
		if (e.parentId !== null && byId.has(e.parentId)) {
			const list = children.get(e.parentId) ?? [];
			list.push(e);
			children.set(e.parentId, list);
		} else roots.push(e);
	}
	const byTime = (a: SessionEntry, b: SessionEntry) => Date.parse(a.timestamp) - Date.parse(b.timestamp);
	for (const list of children.values()) list.sort(byTime); // stable: ties keep file order
	const labels = new Map<string, string | undefined>();
	for (const e of entries) if (e.type === "label") labels.set(String(e.targetId), e.label as string | undefined);
	const header: SessionHeader = { type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/tmp" };
	const view: SessionTreeView = {
		header,
		entries,
		leafId,
		warnings: [],
		name: undefined,
		getEntry: (id) => byId.get(id),
		getChildren: (id) => children.get(id) ?? [],
		getRoots: () => roots,
		getPath(id) {
			const path: SessionEntry[] = [];
			for (let e = id === null ? undefined : byId.get(id); e; e = e.parentId === null ? undefined : byId.get(e.parentId)) path.push(e);
			return path.reverse();
		},
		getLabel: (id) => labels.get(id),
		commonAncestor: () => {
			throw new Error("not used by the row builder");
		},
		abandoned: () => {
			throw new Error("not used by the row builder");
		},
		buildContext: () => {
			throw new Error("not used by the row builder");
		},
		resolveId: (id) => id,
	};
	return view;
}

let clock = Date.parse("2026-01-01T00:00:00.000Z");
function base(id: string, parentId: string | null) {
	clock += 1000;
	return { id, parentId, timestamp: new Date(clock).toISOString() };
}

/** Entry builders with increasing timestamps (file order = creation order). */
export const e = {
	user: (id: string, parentId: string | null, text: string): SessionEntry => ({
		...base(id, parentId),
		type: "message",
		message: { role: "user", content: [{ type: "text", text }], timestamp: 0 },
	}),
	assistant: (id: string, parentId: string | null, text: string, extra: Record<string, unknown> = {}): SessionEntry => ({
		...base(id, parentId),
		type: "message",
		message: { role: "assistant", content: text ? [{ type: "text", text }] : [], stopReason: "stop", timestamp: 0, ...extra },
	}),
	toolCall: (id: string, parentId: string | null, callId: string, name: string, args: Record<string, unknown>): SessionEntry => ({
		...base(id, parentId),
		type: "message",
		message: { role: "assistant", content: [{ type: "toolCall", id: callId, name, arguments: args }], stopReason: "toolUse", timestamp: 0 },
	}),
	toolResult: (id: string, parentId: string | null, callId: string, toolName: string): SessionEntry => ({
		...base(id, parentId),
		type: "message",
		message: { role: "toolResult", toolCallId: callId, toolName, content: [{ type: "text", text: "ok" }], isError: false, timestamp: 0 },
	}),
	// Any type name with unchecked fields, as a parsed file line (parse.ts) would be.
	other: (id: string, parentId: string | null, type: string, fields: Record<string, unknown> = {}): SessionEntry =>
		({ ...base(id, parentId), type, ...fields }) as SessionEntry,
};

/** The session behind the example in spec/tree-view.md (leaf: uA2). */
export function specExampleEntries(): SessionEntry[] {
	return [
		e.user("u1", null, "Hello, can you help"),
		e.assistant("a1", "u1", "Of course! I can"),
		e.user("uA", "a1", "Let's try approach A"),
		e.toolCall("aA0", "uA", "call-1", "read", { path: "src/a.ts" }),
		e.toolResult("tA", "aA0", "call-1", "read"),
		e.assistant("aA", "tA", "For approach A"),
		e.other("cA", "aA", "compaction", { summary: "s", firstKeptEntryId: "uA", tokensBefore: 12_345 }),
		e.user("uB", "a1", "Actually, approach B"),
		e.assistant("aB", "uB", "For approach B"),
		e.user("uA2", "cA", "That worked, now"),
		e.other("lbl", "uA2", "label", { targetId: "uA", label: "checkpoint-1" }),
	];
}

/** The example's rows as tree-view.md draws them (no fold marks), the leaf uA2 selected. */
export const SPEC_EXAMPLE_ROWS: readonly string[] = [
	"  • user: Hello, can you help",
	"  • assistant: Of course! I can",
	"  ├─ • [checkpoint-1] user: Let's try approach A",
	"  │     • [read: src/a.ts]",
	"  │     • assistant: For approach A",
	"  │     • [compaction: 12k tokens]",
	"› │     • user: That worked, now ← active",
	"  └─ user: Actually, approach B",
	"        assistant: For approach B",
];
