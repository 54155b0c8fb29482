import type { UserMessage } from "../session/types.js";

/** A queued user message: plain text or pi's content parts (text and images). */
export type QueuedContent = string | UserMessage["content"];

/**
 * Messages typed while a turn runs (pi's steer / follow-up queues). A front end pushes; the turn
 * loop ({@link runTurn}'s `steering`) takes steering messages at the next step boundary, and the
 * front end sends follow-ups once the turn has ended. Nothing is lost: `clear` hands the
 * messages back (Esc puts them into the editor again).
 */
export class MessageQueue {
	private items: QueuedContent[] = [];
	private readonly listeners = new Set<() => void>();

	get size(): number {
		return this.items.length;
	}

	/** What is queued, oldest first (a copy). */
	get messages(): readonly QueuedContent[] {
		return [...this.items];
	}

	push(content: QueuedContent): void {
		this.items.push(content);
		this.changed();
	}

	/** Takes every queued message, oldest first; the queue is empty after. */
	take(): QueuedContent[] {
		const taken = this.items;
		this.items = [];
		if (taken.length > 0) this.changed();
		return taken;
	}

	/** Takes the oldest queued message (undefined when empty). */
	shift(): QueuedContent | undefined {
		const first = this.items.shift();
		if (first !== undefined) this.changed();
		return first;
	}

	/** Called after every change (for a UI line or an RPC `queue_update`); returns the unsubscribe. */
	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private changed(): void {
		for (const listener of this.listeners) listener();
	}
}
