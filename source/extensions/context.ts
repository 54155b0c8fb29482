import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import type { SessionView, TreeNode } from "./types.js";

function treeOf(view: SessionTreeView): TreeNode[] {
	const node = (entry: TreeNode["entry"]): TreeNode => {
		const label = view.getLabel(entry.id);
		return { entry, ...(label !== undefined ? { label } : {}), children: view.getChildren(entry.id).map(node) };
	};
	return view.getRoots().map(node);
}

/**
 * A read-only view of the store's current snapshot for extension handlers. Entries are the
 * snapshot's own objects, frozen nowhere: handlers are trusted code, the view just offers no writes.
 */
export function sessionView(store: SessionStoreApi): SessionView {
	const view = store.snapshot();
	return {
		id: store.id,
		file: store.file,
		header: view.header,
		leafId: view.leafId,
		entries: view.entries,
		entry: (id) => view.getEntry(id),
		path: (id) => view.getPath(id === undefined ? view.leafId : id),
		tree: () => treeOf(view),
		label: (id) => view.getLabel(id),
		contextMessages: () => view.buildContext().messages,
	};
}
