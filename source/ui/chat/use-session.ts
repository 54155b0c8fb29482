import { useCallback, useSyncExternalStore } from "react";
import type { SessionStoreApi, SessionTreeView } from "../../session/api.js";

/** The store's current snapshot; re-renders when the store changes (snapshots are stable objects). */
export function useSession(store: SessionStoreApi): SessionTreeView {
	const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
	const snapshot = useCallback(() => store.snapshot(), [store]);
	return useSyncExternalStore(subscribe, snapshot, snapshot);
}
