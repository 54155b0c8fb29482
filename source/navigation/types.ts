import type { BranchSummaryEntry, SessionEntry } from "../session/types.js";

/** Options of navigateTree: the same for `arbor navigate`, print mode's `--at` and the UI. */
export type NavigateOptions = {
	/** Summarize the abandoned branch before moving (needs a model, or an extension's summary). */
	summarize?: boolean;
	customInstructions?: string;
	replaceInstructions?: boolean;
	/** With `summarize`: this text is the summary (the caller wrote it, e.g. an MCP client); no model is asked. */
	summary?: string;
	/** Label put on the branch summary entry (or on the target when no summary is written). */
	label?: string;
	/**
	 * Print mode's `--at`: the target itself becomes the position (whatever its type, also a user
	 * message) for a message appended right after, so no leaf marker is written.
	 */
	asParent?: boolean;
	signal?: AbortSignal;
};

/** What navigateTree did. Nothing is written unless status is "moved". */
export type NavigateResult =
	| { status: "already-here" }
	| {
			status: "moved";
			oldLeafId: string | null;
			newLeafId: string | null;
			/** Set when a user or custom message was selected: its text, for the editor. */
			editorText?: string;
			summaryEntry?: BranchSummaryEntry;
			fromHook?: boolean;
	  }
	| { status: "cancelled"; reason: "aborted" | "hook" }
	| { status: "failed"; message: string };

/** Where selecting `targetId` would take the leaf, computed without side effects. */
export type NavigationPlan = {
	targetId: string;
	oldLeafId: string | null;
	alreadyHere: boolean;
	newLeafId: string | null;
	editorText?: string;
	commonAncestorId: string | null;
	/** Entries that leave the context (oldest first); empty → no summary question. */
	abandoned: SessionEntry[];
	/** A compaction met while walking back: its summary is background for the summarizer. */
	compaction?: SessionEntry;
};
