import type { KeyEvent } from "./key-event.js";

export type KeyListener = { handle: { current: (event: KeyEvent) => void } };

/**
 * Delivers key events one at a time. After each key the next one waits until React has committed
 * what that key changed (`committed()`, called from a layout effect),
 * so every handler — even on a screen the previous key opened — sees the state that key left.
 */
export class KeyBus {
	private readonly listeners = new Set<KeyListener>();
	/** Listeners that take every key while they are there (the newest first): a dialog over a screen. */
	private readonly captures: { listener: KeyListener; passes?: (event: KeyEvent) => boolean }[] = [];
	private readonly queue: KeyEvent[] = [];
	private waiting = false;
	private delivering = false;

	/** `requestCommit` must cause a render of the component that calls `committed()`. */
	constructor(
		private readonly requestCommit: () => void,
		/** Called for a key no handler is listening for (nothing on screen takes keys just now). */
		private readonly unheard: (event: KeyEvent) => void = () => {},
	) {}

	add(listener: KeyListener): () => void {
		this.listeners.add(listener);
		return () => void this.listeners.delete(listener);
	}

	/**
	 * `listener` alone gets the keys until the returned function is called, but for those `passes`
	 * lets through to the other listeners (typing ahead of a dialog goes on to the editor).
	 */
	capture(listener: KeyListener, passes?: (event: KeyEvent) => boolean): () => void {
		const capture = { listener, passes };
		this.captures.push(capture);
		return () => {
			const at = this.captures.indexOf(capture);
			if (at !== -1) this.captures.splice(at, 1);
		};
	}

	enqueue(events: readonly KeyEvent[]): void {
		this.queue.push(...events);
		this.pump();
	}

	committed(): void {
		if (!this.waiting) return;
		this.waiting = false;
		this.pump();
	}

	private pump(): void {
		if (this.waiting || this.delivering) return;
		const event = this.queue.shift();
		if (!event) return;
		this.delivering = true;
		try {
			const captor = this.captures.at(-1);
			if (captor && !captor.passes?.(event)) captor.listener.handle.current(event);
			else if (this.listeners.size === 0) this.unheard(event);
			else for (const listener of [...this.listeners]) listener.handle.current(event);
		} finally {
			this.delivering = false;
		}
		// Ink hands one read over in several pieces (split at escape sequences): wait for the commit
		// even when the queue is empty now, the rest of the read may follow synchronously.
		this.waiting = true;
		this.requestCommit();
	}
}
