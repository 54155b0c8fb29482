/**
 * The session-tree store: pi-compatible JSONL session files, their tree, context building,
 * migration, locking, forking and listing. Node built-ins only.
 */
export type { OpenOptions, SessionStoreApi, SessionTreeView } from "./api.js";
export { buildContext } from "./context.js";
export { entryType, messageRole } from "./entry-guards.js";
export { forkSession, forkToFile } from "./fork.js";
export { isLeafMarker } from "./tree-index.js";
export {
	type SessionInfo,
	listAllSessions,
	listSessions,
	mostRecentSession,
	resolveSession,
} from "./listing.js";
export { arborHome, sessionDirFor, sessionFiles, sharedDirCwd } from "./paths.js";
export { sessionCost } from "./usage.js";
export { type CreateOptions, SessionStore } from "./store.js";
export { recordWorked } from "./worked.js";
export * from "./types.js";
