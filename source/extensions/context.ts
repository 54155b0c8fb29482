import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import type { ExtensionContext, SessionView, TreeNode } from "./types.js";
import { pathThinkingLevel } from "../llm/thinking.js";
import { dialogs, type DialogCounter } from "./dialogs.js";
import { safeText } from "./load.js";
import { piSessionManager, piTheme } from "./pi-context.js";
import type { UiSinks } from "./host.js";

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
function sessionView(store: SessionStoreApi): SessionView {
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

/** What {@link handlerContext} is made of: the host's session, place, mode and UI sinks. */
type HandlerContextParts = { store: SessionStoreApi | undefined; cwd: string; mode: ExtensionContext["mode"]; signal: AbortSignal; sinks: () => UiSinks; dialogsOpen: DialogCounter };

/** The ctx handed to handlers, commands and shortcuts (arbor's and pi's fields). */
export function handlerContext(o: HandlerContextParts): ExtensionContext {
	const { store, signal } = o;
	// Read at each call: the UI attaches its sinks after the first handlers ran (session_start).
	const sinks = o.sinks;
	const open = () => {
		if (!store) throw new Error("no session is open");
		return store;
	};
	return {
		get session() {
			return sessionView(open());
		},
		get sessionManager() {
			return piSessionManager(open());
		},
		get thinkingLevel() {
			return store ? pathThinkingLevel(store.snapshot()) : undefined;
		},
		cwd: o.cwd,
		signal,
		mode: o.mode,
		hasUI: sinks().dialog !== undefined,
		ui: {
			theme: piTheme(),
			notify: (text) => sinks().notify(safeText(text)),
			setStatus: (key, text) => sinks().status?.(safeText(key), text === undefined || text === null || text === "" ? undefined : safeText(text)),
			setWidget: (key, lines) => sinks().widget?.(safeText(key), Array.isArray(lines) && lines.length > 0 ? lines.map((l) => safeText(l)) : undefined),
			...dialogs(sinks().dialog, signal, o.dialogsOpen),
		},
	};
}
