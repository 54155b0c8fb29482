import { isConversationMessage } from "../../source/session/entry-guards.js";
import type { SessionStoreApi, SessionTreeView } from "../../source/session/api.js";
import { type ContextEditReplacement, contextEditFields } from "../../source/session/context-edit.js";
import type {
	ContextEditEntry,
	Appended,
	ContextMessage,
	MessageEntry,
	NewEntry,
	SessionContext,
	SessionEntry,
	StoredMessage,
} from "../../source/session/types.js";

/**
 * A tiny in-memory SessionStoreApi over an array, so llm/ tests do not depend on the real store
 * (written in parallel). Context building follows session-format.md for the entry types llm/ uses.
 */
export class FakeStore implements SessionStoreApi {
	readonly file = undefined;
	readonly id = "fake-session";
	readonly cwd = "/tmp/fake";
	entries: SessionEntry[] = [];
	leafId: string | null = null;
	syncCount = 0;
	private counter = 0;

	snapshot(): SessionTreeView {
		return fakeView(this.entries, this.leafId);
	}
	subscribe(): () => void {
		return () => {};
	}
	append<const E extends NewEntry>(entry: E): Appended<E> {
		return this.appendAt(this.leafId, entry);
	}
	appendMessage(message: StoredMessage): MessageEntry {
		return this.append({ type: "message", message });
	}
	appendAt<const E extends NewEntry>(parentId: string | null, entry: E): Appended<E> {
		this.counter += 1;
		const id = `e${String(this.counter).padStart(3, "0")}`;
		const fields: NewEntry = entry;
		const stored = { ...fields, id, parentId, timestamp: new Date(1_700_000_000_000 + this.counter).toISOString() } as SessionEntry;
		this.entries.push(stored);
		this.leafId = id;
		return stored as Appended<E>;
	}
	moveLeaf(id: string | null): void {
		this.leafId = id;
	}
	setLabel(targetId: string, label: string | undefined): SessionEntry {
		return this.append({ type: "label", targetId, label });
	}
	setName(name: string): SessionEntry {
		return this.append({ type: "session_info", name });
	}
	appendContextEdit(targetId: string, replacement: ContextEditReplacement): ContextEditEntry {
		return this.append(contextEditFields(this.snapshot(), targetId, replacement));
	}
	sync(): void {
		this.syncCount += 1;
	}
	syncSoon(): void {
		this.syncCount += 1;
	}
	close(): void {}

	/** Stored messages in file order (what the tests assert on). */
	messages(): StoredMessage[] {
		return this.entries.flatMap((e) => (e.type === "message" ? [e.message] : []));
	}
}

function fakeView(entries: SessionEntry[], leafId: string | null): SessionTreeView {
	const byId = new Map(entries.map((e) => [e.id, e]));
	const getPath = (id: string | null): SessionEntry[] => {
		const path: SessionEntry[] = [];
		for (let cur = id ? byId.get(id) : undefined; cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined) {
			path.unshift(cur);
		}
		return path;
	};
	const buildContext = (leaf?: string | null): SessionContext => ({
		leafId: leaf === undefined ? leafId : leaf,
		model: null,
		thinkingLevel: "off",
		messages: contextOf(getPath(leaf === undefined ? leafId : leaf)),
	});
	const notUsed = (): never => {
		throw new Error("not used by llm/ tests");
	};
	return {
		header: { type: "session", id: "fake-session", timestamp: "2023-11-14T22:13:20.000Z", cwd: "/tmp/fake" },
		entries,
		leafId,
		warnings: [],
		getEntry: (id) => byId.get(id),
		getChildren: (id) => entries.filter((e) => e.parentId === id),
		getRoots: () => entries.filter((e) => e.parentId === null),
		getPath,
		commonAncestor: notUsed,
		abandoned: notUsed,
		getLabel: () => undefined,
		name: undefined,
		buildContext,
		resolveId: (id) => id,
	};
}

function contextOf(path: SessionEntry[]): ContextMessage[] {
	let compactionIndex = -1;
	path.forEach((e, i) => {
		if (e.type === "compaction") compactionIndex = i;
	});
	const out: ContextMessage[] = [];
	let emitFrom = 0;
	const c = path[compactionIndex];
	if (c?.type === "compaction") {
		out.push({ role: "compactionSummary", summary: c.summary, tokensBefore: c.tokensBefore, timestamp: 0 });
		const kept = path.findIndex((e) => e.id === c.firstKeptEntryId);
		emitFrom = kept >= 0 ? kept : compactionIndex + 1;
	}
	for (const e of path.slice(emitFrom)) {
		if (e.type === "message" && isConversationMessage(e.message)) out.push(e.message);
		if (e.type === "branch_summary") out.push({ role: "branchSummary", summary: e.summary, fromId: e.fromId, timestamp: 0 });
	}
	return out;
}
