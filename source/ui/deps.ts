import type { SessionInfo } from "../session/listing.js";
import type { ContextMessage } from "../session/types.js";
import type { SearchResult } from "../search/search.js";

/**
 * The effects the app needs from outside React besides the session core (agent/, which runs the
 * turns, compactions and session verbs): listings, search and the token estimate, injected so
 * component tests run with fakes and the real wiring (run-interactive.tsx) stays one small file.
 */
export type UiDeps = {
	estimateContextTokens(messages: readonly ContextMessage[]): number;
	listSessions(): SessionInfo[];
	listAllSessions(): SessionInfo[];
	/** `/search`: this folder's sessions (or every folder's), ranked as `arbor search`; throws on a bad query. */
	searchSessions(query: string, all: boolean): SearchResult;
};
