import type { SessionTreeView } from "../session/api.js";
import { entryType, roleName } from "../session/entry-guards.js";
import { jsonPieces } from "../text/json-text.js";
import { must } from "../text/must.js";
import { activePathIds, visibleForest } from "./build.js";
import type { TreeFilter, TreeJsonNode } from "./types.js";

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
	for (const [i, entry] of forest.order.entries()) {
		const node: TreeJsonNode = {
			id: entry.id,
			parentId: entry.parentId,
			type: entryType(entry),
			preview: previews.get(entry.id) ?? "",
			onActivePath: active.has(entry.id),
			children: [],
		};
		if (entry.type === "message") node.role = roleName(entry.message);
		const label = view.getLabel(entry.id);
		if (label !== undefined) node.label = label;
		nodes[i] = node;
		const p = must(forest.parent[i], "parent row");
		(p < 0 ? roots : must(nodes[p], "parent node").children).push(node);
	}
	return { leafId: view.leafId, roots };
}

/** Indentation alone would take more than this: the JSON is written on one line instead. */
const INDENT_BUDGET = 64 * 1024 * 1024;

/**
 * The text of `arbor tree --json`: indented like `JSON.stringify(tree, null, 2)`, written without
 * recursion so any depth works. A deep tree would spend gigabytes on indentation (a node at depth d
 * is indented about 4·d spaces on each of its lines), so past {@link INDENT_BUDGET} it is one line.
 */
export function treeJsonText(tree: { leafId: string | null; roots: TreeJsonNode[] }): string {
	let indentBytes = 0;
	const stack: [TreeJsonNode[], number][] = [[tree.roots, 0]];
	while (indentBytes <= INDENT_BUDGET) {
		const top = stack.pop();
		if (top === undefined) break;
		const [nodes, depth] = top;
		for (const node of nodes) {
			indentBytes += 8 * (4 * depth + 4);
			if (node.children.length > 0) stack.push([node.children, depth + 1]);
		}
	}
	return jsonPieces(tree, indentBytes <= INDENT_BUDGET ? 2 : 0).join("");
}
