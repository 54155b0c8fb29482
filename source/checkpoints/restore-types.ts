/** The shapes of checkpoints/checkpointer.ts: a turn's hooks, a restore's plan, options, hooks and result. */
import type { Checkpoint } from "./records.js";
import type { FileChange } from "./store.js";

/** The hooks runTurn calls (see llm/turn.ts `checkpoints`). */
export type TurnCheckpoints = {
	beforePrompt(): Promise<(userEntryId: string) => void>;
	beforeTool(toolName: string): Promise<void>;
	afterTurn(): Promise<void>;
};

/** What a restore would do: `changes` it makes, `userChanges` (the user's own, user-changes.ts) it leaves alone. */
export type RestorePlan = { target: Checkpoint; current: string; changes: FileChange[]; userChanges: FileChange[] };

/** `keepUserChanges`: leave the files the user changed last, between turns, as they are. */
export type RestoreOptions = { keepUserChanges?: boolean };

/**
 * Extensions' restore events (events/bus.ts `session_before_restore` / `session_restore`),
 * passed in by the modes so this layer needs no event bus.
 */
export type RestoreHooks = {
	/** Resolves true when a handler cancels: nothing is written. */
	before(event: { entryId: string | null; checkpointEntryId: string; tree: string; cwd: string }): Promise<boolean>;
	after(event: { entryId: string | null; checkpointEntryId: string; safetyEntryId: string; changes: FileChange[]; kept: string[] }): Promise<void>;
};

/** A restore an extension cancelled (`session_before_restore`). */
export class RestoreCancelled extends Error {
	constructor() {
		super("restore cancelled by an extension");
	}
}

/** What a restore did: the safety snapshot taken first, the state restored, the files written or removed, the user's left alone. */
export type RestoreDone = { safety: Checkpoint; target: Checkpoint; changes: FileChange[]; kept: string[]; outside: string[]; userChanges: FileChange[] };

/** What a restore does not cover; said every time one is offered or done. */
export const RESTORE_LIMITS = "A restore does not cover ignored files, files over the size cap, or files outside the working directory.";
