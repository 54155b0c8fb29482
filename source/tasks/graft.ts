/**
 * A finished task's sub-conversation written into the live session as a side branch: its entries
 * (run in an in-memory session of their own) copied under the assistant entry that made the tool
 * call, then a label `task: <description>` on the branch's first entry.
 *
 * That entry is stored only when its step ends — after every tool of the step, the task too, has
 * finished — so the copy waits for it: it is written the moment the entry appears (a store
 * listener, before the step's tool results follow it), or at once when the entry is already there
 * (the turn was aborted while the task wound down). The copy never moves the leaf (appendAside).
 * pi and arbor read a file's last entry as its leaf: the step's tool results normally follow the
 * copy; when none do (an aborted step) an arbor.leaf marker is appended so the file's leaf stays
 * the conversation's.
 */
import { LEAF_MARKER_TYPE, SessionError, type SessionEntry } from "../session/types.js";
import { isLeafMarker } from "../session/tree-index.js";
import type { SessionTreeView } from "../session/api.js";
import type { AsideStore } from "./types.js";

/** The branch to copy: the task's entries (file order) and its label. */
export type TaskBranch = { entries: readonly SessionEntry[]; label: string };

/** Copies `branch` under the assistant entry that called `toolCallId`, now or when it is stored. */
export function graftWhenCalled(store: AsideStore, toolCallId: string, branch: TaskBranch): void {
	const caller = callerOf(store.snapshot(), toolCallId);
	if (caller) {
		graft(store, caller, branch);
		keepLeafLast(store);
		return;
	}
	waiterOf(store).pending.push({ toolCallId, branch });
}

type Pending = { toolCallId: string; branch: TaskBranch };
type Waiter = { pending: Pending[]; seen: number; busy: boolean };
const waiters = new WeakMap<AsideStore, Waiter>();

/**
 * The one listener of a store for every task waiting for its caller: each change, the entries
 * appended since the last look are searched for the calls; a copy's own appends are not looked at
 * again (busy), so two tasks' branches are written one after the other, never interleaved.
 */
function waiterOf(store: AsideStore): Waiter {
	const known = waiters.get(store);
	if (known) return known;
	const waiter: Waiter = { pending: [], seen: store.snapshot().entries.length, busy: false };
	waiters.set(store, waiter);
	store.subscribe(() => {
		if (waiter.busy || waiter.pending.length === 0) return;
		waiter.busy = true;
		try {
			const entries = store.snapshot().entries;
			const fresh = entries.slice(waiter.seen);
			waiter.seen = entries.length;
			for (const entry of fresh) for (const due of waiter.pending.filter((p) => calls(entry, p.toolCallId))) {
				waiter.pending.splice(waiter.pending.indexOf(due), 1);
				graft(store, entry.id, due.branch);
				// The step's tool results follow at once, in the same synchronous write; an aborted step has none.
				queueMicrotask(() => keepLeafLast(store));
			}
		} finally {
			waiter.seen = store.snapshot().entries.length;
			waiter.busy = false;
		}
	});
	return waiter;
}

/** The id of the assistant entry whose tool calls include `toolCallId`, newest first. */
function callerOf(view: SessionTreeView, toolCallId: string): string | undefined {
	for (let i = view.entries.length - 1; i >= 0; i--) {
		const entry = view.entries[i];
		if (entry && calls(entry, toolCallId)) return entry.id;
	}
	return undefined;
}

function calls(entry: SessionEntry, toolCallId: string): boolean {
	if (entry.type !== "message" || entry.message.role !== "assistant") return false;
	const content = entry.message.content;
	return Array.isArray(content) && content.some((part) => part.type === "toolCall" && part.id === toolCallId);
}

/** The entries, their parents mapped to the copies' new ids, then the label on the first. */
function graft(store: AsideStore, parentId: string, branch: TaskBranch): void {
	const ids = new Map<string, string>();
	let first: string | undefined;
	let last = parentId;
	for (const entry of branch.entries) {
		if (isLeafMarker(entry)) continue;
		const { id, parentId: oldParent, timestamp: _time, ...fields } = entry;
		const parent = (oldParent !== null && ids.get(oldParent)) || parentId;
		// A nested task's label names an entry of this copy.
		if (fields.type === "label") fields.targetId = ids.get(fields.targetId) ?? fields.targetId;
		const copy = store.appendAside(parent, fields as Parameters<AsideStore["appendAside"]>[1]);
		ids.set(id, copy.id);
		first ??= copy.id;
		last = copy.id;
	}
	if (first) store.appendAside(last, { type: "label", targetId: first, label: branch.label });
}

/** An arbor.leaf marker when the file's last entry is no longer the leaf (see the module comment); none once the session is closed. */
function keepLeafLast(store: AsideStore): void {
	try {
		markLeaf(store);
	} catch (error) {
		if (!(error instanceof SessionError)) throw error;
	}
}

function markLeaf(store: AsideStore): void {
	const view = store.snapshot();
	const last = view.entries[view.entries.length - 1];
	if (!last || last.id === view.leafId || view.leafId === null) return;
	if (isLeafMarker(last) && last.parentId === view.leafId) return;
	store.appendAside(view.leafId, { type: "custom", customType: LEAF_MARKER_TYPE, data: { leafId: view.leafId } });
}
