/**
 * `/search <query>`: this folder's sessions first (the folder arbor files new sessions in); when
 * none of them matches, every folder's. The hits open in a list; Enter lands on the hit in /tree,
 * switching sessions the way /resume does when the hit is in another file.
 */
import type { Dispatch } from "react";
import { resolve } from "node:path";
import type { SearchHit } from "../../search/search.js";
import type { SessionStoreApi } from "../../session/api.js";
import type { UiDeps } from "../deps.js";
import type { AppAction } from "../chat/app-reducer.js";
import type { SwitchSession } from "../chat/use-session-switch.js";
import { counted } from "../../text/count.js";
import { errorMessage } from "../../text/error-text.js";

const error = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "error" } });

/** Runs the query; opens the hit list, or says why there is none (a bad query keeps the editor text). */
export function runSearchCommand(ctx: { deps: UiDeps; dispatch: Dispatch<AppAction> }, args: string): void {
	const { deps, dispatch } = ctx;
	if (args === "") return dispatch(error("Usage: /search <query>"));
	try {
		const here = deps.searchSessions(args, false);
		if (here.hits.length > 0) return dispatch({ type: "search-opened", result: here, all: false });
		const all = deps.searchSessions(args, true);
		if (all.hits.length > 0) return dispatch({ type: "search-opened", result: all, all: true });
		dispatch({ type: "status-shown", status: { text: `No matches for ${JSON.stringify(args)} in ${counted(all.files, "session")} (all folders)`, kind: "info" } });
	} catch (e) {
		dispatch(error(`Bad search: ${errorMessage(e)}`));
		dispatch({ type: "editor-text-requested", text: `/search ${args}` });
	}
}

/** Opens /tree on the hit: in this session, or after the core switched to the hit's session file. */
export async function openSearchHit(ctx: { store: SessionStoreApi; switchSession: SwitchSession; dispatch: Dispatch<AppAction> }, hit: SearchHit): Promise<void> {
	const { store, dispatch } = ctx;
	if (store.file !== undefined && resolve(store.file) === resolve(hit.sessionFile)) {
		return dispatch({ type: "tree-opened", selectedId: hit.entryId });
	}
	if (await ctx.switchSession((agent) => agent.switchSession(hit.sessionFile), { done: `Opened ${hit.sessionName ?? hit.sessionId}` })) {
		dispatch({ type: "tree-opened", selectedId: hit.entryId });
	}
}
