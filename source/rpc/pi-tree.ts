/**
 * pi 1.6's `get_tree` answer: every entry once as `{entry, children, label?, labelTimestamp?}`, roots
 * in file order, children oldest first (pi's SessionManager.getTree), and the leaf. arbor's own view
 * of the tree (rows, filters, previews: `arbor tree --json`) is RPC's `get_tree_view`.
 */
import type { SessionTreeView } from "../session/api.js";
import type { SessionEntry } from "../session/types.js";

export type PiTreeNode = { entry: SessionEntry; children: PiTreeNode[]; label?: string; labelTimestamp?: string };

/** The labels in force and when each was set: the newest label entry per target wins, an empty one clears. */
function labels(entries: readonly SessionEntry[]): Map<string, { label: string; timestamp: string }> {
	const byTarget = new Map<string, { label: string; timestamp: string }>();
	for (const entry of entries) {
		if (entry.type !== "label") continue;
		if (entry.label === undefined || entry.label === "") byTarget.delete(entry.targetId);
		else byTarget.set(entry.targetId, { label: entry.label, timestamp: entry.timestamp });
	}
	return byTarget;
}

export function piTree(view: SessionTreeView): { tree: PiTreeNode[]; leafId: string | null } {
	const entries = view.entries;
	const labelled = labels(entries);
	const nodes = new Map<string, PiTreeNode>();
	for (const entry of entries) {
		const label = labelled.get(entry.id);
		nodes.set(entry.id, { entry, children: [], ...(label ? { label: label.label, labelTimestamp: label.timestamp } : {}) });
	}
	const roots: PiTreeNode[] = [];
	for (const entry of entries) {
		const node = nodes.get(entry.id) as PiTreeNode;
		const parent = entry.parentId === null || entry.parentId === entry.id ? undefined : nodes.get(entry.parentId);
		// An entry whose parent is missing is a root, as in pi.
		(parent ? parent.children : roots).push(node);
	}
	const time = (node: PiTreeNode) => Date.parse(node.entry.timestamp);
	for (const node of nodes.values()) if (node.children.length > 1) node.children.sort((a, b) => time(a) - time(b));
	return { tree: roots, leafId: view.leafId };
}
