import { useStdin } from "ink";
import React, { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { KeyBus, type KeyListener } from "./key-bus.js";
import { isCtrl, type KeyEvent } from "./key-event.js";
import { createKeyParser } from "./parse-keys.js";
import { useLatest } from "../widgets/use-latest.js";

const BusContext = createContext<KeyBus | null>(null);

/**
 * The input layer: reads what Ink hands over from stdin (already split at escape sequences),
 * parses it into key events (paste, kitty, modifyOtherKeys; sequences split across reads) and
 * delivers them one by one to the active `useKeys` handlers. It listens to Ink's raw input events
 * rather than `useInput`: `useInput` hands a read's text and Enter over as one string, strips the
 * ESC of sequences it does not know (typing `[27;2;13~`), and calls every handler of a read before
 * React renders what the first key changed. `onInterrupt`: Ctrl+C that no screen takes.
 */
export function KeyInputProvider({ children, onInterrupt }: { children: ReactNode; onInterrupt?: () => void }) {
	const { internal_eventEmitter: emitter, setRawMode, isRawModeSupported } = useStdin();
	const [, setTick] = useState(0);
	const interrupt = useLatest(onInterrupt);
	// Raw mode stays on even while no screen takes keys (e.g. while quitting): Ctrl+C then does
	// what the terminal would have done in cooked mode, through `onInterrupt` (never a signal sent
	// from here: the app may run inside another program's process, e.g. a test worker).
	const [bus] = useState(() => new KeyBus(() => setTick((t) => t + 1), (event) => void (isCtrl(event, "c") && interrupt.current?.())));
	useLayoutEffect(() => bus.committed());
	// Raw mode for as long as the UI lives, not per handler: when one screen's handler went and the
	// next one's came, the terminal was in cooked mode for a moment, and keys typed then were echoed
	// and their Enter turned into \n.
	useEffect(() => {
		if (!isRawModeSupported) return;
		setRawMode(true);
		return () => setRawMode(false);
	}, [setRawMode, isRawModeSupported]);
	useEffect(() => {
		const parser = createKeyParser();
		const onInput = (data: string) => bus.enqueue(parser.push(data));
		emitter.on("input", onInput);
		return () => void emitter.off("input", onInput);
	}, [emitter, bus]);
	return <BusContext.Provider value={bus}>{children}</BusContext.Provider>;
}

/**
 * Calls `handler` for every key event while `isActive`. The handler of the latest render is used,
 * so it always reads current props and state. `exclusive`: no other handler gets keys meanwhile
 * (a dialog over whatever screen is open, which stays as it is under it), but those `passes` lets
 * through (the latest render's).
 */
export function useKeys(handler: (event: KeyEvent) => void, options: { isActive?: boolean; exclusive?: boolean; passes?: (event: KeyEvent) => boolean } = {}): void {
	const bus = useContext(BusContext);
	if (!bus) throw new Error("useKeys needs a KeyInputProvider above it");
	const active = options.isActive !== false;
	const listener = useRef<KeyListener>({ handle: { current: handler } });
	useLayoutEffect(() => {
		listener.current.handle.current = handler;
	});
	const exclusive = options.exclusive === true;
	const passes = useRef(options.passes);
	useLayoutEffect(() => {
		passes.current = options.passes;
	});
	useLayoutEffect(
		() => (active ? (exclusive ? bus.capture(listener.current, (event) => passes.current?.(event) === true) : bus.add(listener.current)) : undefined),
		[active, exclusive, bus],
	);
}
