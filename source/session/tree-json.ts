import type { SessionTreeView } from "./api.js";
import type { StoredMessage } from "./types.js";
import { activePathIds, visibleForest } from "./tree-build.js";
import type { TreeFilter, TreeJsonNode } from "./tree-types.js";

/**
 * `arbor tree --json`: the visible tree after filter and search, hidden entries re-parented as on
 * screen, in display order. With filter "all" (and no search) every entry appears exactly once.
 */
export function buildTreeJson(
	view: SessionTreeView,
	opts: { filter: TreeFilter; search?: string },
): { leafId: string | null; roots: TreeJsonNode[] } {
	const { forest, previews } = visibleForest(view, { ...opts, previews: true });
	const active = activePathIds(view);
	const roots: TreeJsonNode[] = [];
	// Pre-order: a parent's node exists before its children, which arrive in display order.
	const nodes: TreeJsonNode[] = new Array(forest.order.length);
	for (let i = 0; i < forest.order.length; i++) {
		const entry = forest.order[i]!;
		const node: TreeJsonNode = {
			id: entry.id,
			parentId: entry.parentId,
			type: entry.type,
			preview: previews.get(entry.id) ?? "",
			onActivePath: active.has(entry.id),
			children: [],
		};
		if (entry.type === "message") node.role = (entry.message as StoredMessage).role;
		const label = view.getLabel(entry.id);
		if (label !== undefined) node.label = label;
		nodes[i] = node;
		const p = forest.parent[i]!;
		(p < 0 ? roots : nodes[p]!.children).push(node);
	}
	return { leafId: view.leafId, roots };
}
