import type { KeyEvent } from "./key-event.js";

/**
 * How long keys count as the user's typing rather than answers to a question that appeared on its
 * own (a tool's confirmation): a question that shows within this time of a key typed in the
 * editor leaves keys to the editor until no key has come for this long.
 */
export const TYPE_AHEAD_MS = 500;

/** What a question shows while keys go on to the editor. */
export const TYPE_AHEAD_NOTE = "typing goes to the editor";

/** Calls `fn` after `ms` milliseconds; returns what cancels it. */
export type Timer = (fn: () => void, ms: number) => () => void;

const realTimer: Timer = (fn, ms) => {
	const timer = setTimeout(fn, ms);
	return () => clearTimeout(timer);
};

/**
 * Which keys belong to what the user was typing rather than to a question that just appeared.
 * The window opens when the question appears within TYPE_AHEAD_MS of a key typed in the editor
 * (someone typing their next message cannot have read a question that showed mid-word), and each
 * key passed on keeps it open; a paste or several characters in one read are typing at any time,
 * and open it (the Enter that follows them in the same read goes with them). Keys the question
 * names as exempt (its stop and cancel keys) always go to the question. Every listener of one key
 * event gets the same answer: the first one to ask decides.
 */
export class TypeAhead {
	private typedAt = Number.NEGATIVE_INFINITY;
	private until = Number.NEGATIVE_INFINITY;
	private exempt: (event: KeyEvent) => boolean = () => true;
	private last: { event: KeyEvent; ahead: boolean } | undefined;
	/** A paste or a burst of characters is typing at any time (not for a question that asks for text). */
	private bursts = true;

	constructor(
		private readonly clock: () => number = Date.now,
		private readonly timer: Timer = realTimer,
		private readonly windowMs: number = TYPE_AHEAD_MS,
	) {}

	/** The editor took a key. */
	typed(): void {
		this.typedAt = this.clock();
	}

	/**
	 * A question appeared: returns true when keys go on to the editor for now (the user was typing).
	 * `bursts: false`: the question takes text (an input field), so once the window closed a paste
	 * or a burst of characters is its answer, not typing for the editor.
	 */
	opened(exempt: (event: KeyEvent) => boolean, opts: { bursts?: boolean } = {}): boolean {
		const now = this.clock();
		this.exempt = exempt;
		this.bursts = opts.bursts !== false;
		this.last = undefined;
		this.until = now - this.typedAt < this.windowMs ? now + this.windowMs : Number.NEGATIVE_INFINITY;
		return this.isOpen();
	}

	/** The question went: no key is type-ahead. */
	closed(): void {
		this.exempt = () => true;
		this.bursts = true;
		this.until = Number.NEGATIVE_INFINITY;
		this.last = undefined;
	}

	/** True while keys go on to the editor. */
	isOpen(): boolean {
		return this.clock() < this.until;
	}

	/** True when `event` goes on to the editor, not to the question. */
	isAhead(event: KeyEvent): boolean {
		if (this.last?.event === event) return this.last.ahead;
		const ahead = this.decide(event);
		this.last = { event, ahead };
		return ahead;
	}

	/** Calls `fn` once keys no longer go to the editor (however often the window moved); returns what cancels it. */
	whenClosed(fn: () => void): () => void {
		let cancel = () => {};
		const check = () => {
			const left = this.until - this.clock();
			if (left > 0) cancel = this.timer(check, left);
			else fn();
		};
		check();
		return () => cancel();
	}

	private decide(event: KeyEvent): boolean {
		if (this.exempt(event)) return false;
		const now = this.clock();
		const typing = this.bursts && (event.kind === "paste" || (event.kind === "text" && [...event.text].length > 1));
		if (!typing && now >= this.until) return false;
		this.until = now + this.windowMs;
		return true;
	}
}
