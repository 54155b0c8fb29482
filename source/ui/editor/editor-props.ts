import type { MenuCommand } from "../commands.js";
import type { KeyEvent } from "../input/key-event.js";

/** What the prompt editor (editor.tsx) is given. */
export type EditorProps = {
	active: boolean;
	/** While another screen shows, the keys the editor still takes (typed ahead of a question: input/type-ahead.ts). */
	takes?: (event: KeyEvent) => boolean;
	/** Called for each key the editor takes while active. */
	onTyped?(): void;
	busy: boolean;
	/** Returns false to keep the text (e.g. an unknown command). "" only when messages are queued. */
	onSubmit(text: string): boolean;
	/** Alt+Enter while busy: steer with the text; returns false to keep it. */
	onSteer?(text: string): boolean;
	/** pi's keys while a reply runs: Enter steers, the steer key (Alt+Enter) queues a follow-up. */
	steerOnEnter?: boolean;
	/** Messages queued while a reply runs: Esc on an empty editor takes them back (their text, or null when none). */
	queued?: number;
	onTakeQueue?(): string | null;
	onAbort(): void;
	onOpenTree(): void;
	onQuit(): void;
	onHint(text: string): void;
	/** A failure to show until the next message (Ctrl+V with no picture); onHint when absent. */
	onError?(text: string): void;
	/** Shift+Tab: the next thinking level. */
	onCycleThinking?(): void;
	/** Ctrl+P: the next model. */
	onCycleModel?(): void;
	/** A key an extension added (registerShortcut): true when it was one, which then ran. */
	onShortcut?(event: KeyEvent): boolean;
	request: { text: string; seq: number } | null;
	/** Terminal columns: the `› ` prompt is subtracted before the text wraps. */
	width: number;
	/** Rows the editor may take (text and lists): a taller text scrolls inside. */
	rows?: number;
	clock?: () => number;
	/** Extensions' slash commands, for the completion list. */
	extraCommands?: readonly MenuCommand[];
	/** Process environment for $VISUAL / $EDITOR (tests pass their own). */
	env?: NodeJS.ProcessEnv;
	/** The project folder whose files `@` completes (none: no `@` list). */
	cwd?: string;
};
