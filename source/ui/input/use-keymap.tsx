import React, { createContext, useContext, type ReactNode } from "react";
import type { KeyEvent } from "./key-event.js";
import { DEFAULT_KEYMAP, isAction, type KeyAction, type Keymap } from "./keymap.js";

const KeymapContext = createContext<Keymap>(DEFAULT_KEYMAP);

/** The keymap every key handler below uses (keybindings.json over the defaults). */
export function KeymapProvider({ keymap, children }: { keymap: Keymap; children: ReactNode }) {
	return <KeymapContext.Provider value={keymap}>{children}</KeymapContext.Provider>;
}

/** The keymap in force: the provider's, else the defaults (a component test without the App). */
export function useKeymap(): Keymap {
	return useContext(KeymapContext);
}

/** `is(action, event)` against the keymap in force. */
export function useKeyAction(): { keymap: Keymap; is: (action: KeyAction, event: KeyEvent) => boolean } {
	const keymap = useKeymap();
	return { keymap, is: (action, event) => isAction(keymap, action, event) };
}
