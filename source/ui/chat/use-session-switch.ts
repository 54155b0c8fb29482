import { useCallback, type Dispatch } from "react";
import type { SessionStoreApi } from "../../session/api.js";
import type { AppAction } from "./app-reducer.js";
import { recordWorked } from "../../session/worked.js";
import { errorMessage } from "../../text/error-text.js";

/** Switches to a store (or one opened by the callback), then shows `status` and fills the editor. */
export type SwitchStore = (open: SessionStoreApi | (() => SessionStoreApi), status: string, editorText?: string) => void;

/**
 * Replaces the app's store (/new, /resume, /fork). The new store is opened first so a failure
 * (e.g. the file is locked) leaves the current session untouched; the old one is then closed.
 */
export function useSessionSwitch(opts: {
	store: SessionStoreApi;
	setStore(store: SessionStoreApi): void;
	onStoreChange(store: SessionStoreApi): void;
	dispatch: Dispatch<AppAction>;
}): SwitchStore {
	const { store, setStore, onStoreChange, dispatch } = opts;
	return useCallback(
		(open, status, editorText) => {
			let next: SessionStoreApi;
			try {
				next = typeof open === "function" ? open() : open;
			} catch (error) {
				const message = errorMessage(error);
				dispatch({ type: "screen-closed", status: { text: message, kind: "error" } });
				return;
			}
			if (next !== store) {
				// "Switched to" counts as working in it: -c and the listings put it first.
				if (next.file !== undefined) recordWorked(next.file);
				store.close();
				setStore(next);
				onStoreChange(next);
			}
			dispatch({ type: "screen-closed", status: { text: status, kind: "info" } });
			if (editorText !== undefined) dispatch({ type: "editor-text-requested", text: editorText });
		},
		[store, setStore, onStoreChange, dispatch],
	);
}
