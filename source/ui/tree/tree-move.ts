/**
 * What a /tree move or merge through the core (agent/) comes to: the outcome for the app (the tree
 * closes) or for the tree's reducer (it stays open), and the status line of a restore.
 */
import { errorMessage } from "../../text/error-text.js";
import { counted } from "../../text/count.js";
import { planMerge, type MergeResult } from "../../navigation/merge.js";
import { canSummarize } from "../../navigation/navigate.js";
import { AgentError, type AgentSession } from "../../agent/agent-session.js";
import type { NavigateOptions, NavigateResult, NavigationPlan } from "../../navigation/types.js";
import type { SessionTreeView } from "../../session/api.js";
import type { RestoreDone } from "../../checkpoints/checkpointer.js";
import type { BranchEvent, TreeFlowEvent } from "./tree-flow.js";

/** How the /tree screen ends: the leaf moved (text for the editor, if any; what the restore did) or it closed. */
export type TreeDone = { kind: "moved"; editorText?: string; status?: string } | { kind: "closed"; status?: string };

export const NO_SUMMARY_MODEL = "No model configured for summaries";
export const ALREADY_HERE = "Already at this point";

export type Navigation = Pick<NavigateOptions, "summarize" | "customInstructions">;

/** What the tree shows for a finished merge that wrote nothing. */
export function unmerged(result: Exclude<MergeResult, { status: "merged" }>): BranchEvent {
	switch (result.status) {
		case "cancelled":
			return result.reason === "hook" ? { type: "merge-failed", message: "Merge cancelled by an extension" } : { type: "merge-cancelled", notice: "Merge cancelled" };
		case "failed":
		case "nothing-to-merge":
			return { type: "merge-failed", message: result.message };
		default: {
			const never: never = result;
			return never;
		}
	}
}

/** Why merging `id` into `into` cannot start (nothing to summarize), if it cannot. */
export function mergeRefusal(view: SessionTreeView, id: string, into: string | null): string | undefined {
	return !canSummarize(planMerge(view, id, into)) ? `Nothing to merge: ${id} is on the current branch` : undefined;
}

/** Where a finished move goes: the app (moved, already here: the tree closes) or the tree (it stays). */
export function outcomeEvent(outcome: NavigateResult, status?: string): { app: TreeDone } | { tree: TreeFlowEvent } {
	switch (outcome.status) {
		case "moved":
			return { app: { kind: "moved", ...(outcome.editorText !== undefined ? { editorText: outcome.editorText } : {}), ...(status ? { status } : {}) } };
		case "already-here":
			return { app: { kind: "closed", status: ALREADY_HERE } };
		case "cancelled":
			return { tree: outcome.reason === "aborted" ? { type: "summary-cancelled" } : { type: "navigation-cancelled" } };
		case "failed":
			return { tree: { type: "summary-failed", message: outcome.message } };
		default: {
			const never: never = outcome;
			return never;
		}
	}
}


export type Moved = { outcome: NavigateResult; status?: string } | { restoreFailed: string; editorText?: string };

/** What the status line says of the files after a move (restored, or why not). */
function restoredStatus(restored: RestoreDone): string {
	const mine = restored.userChanges.length ? ` · kept ${counted(restored.userChanges.length, "file")} you changed yourself` : "";
	const kept = `${mine}${restored.kept.length ? ` · kept ${counted(restored.kept.length, "file")} in no checkpoint` : ""}`;
	return `Navigated to selected point · restored ${counted(restored.changes.length, "file")} (/undo-restore undoes)${kept}`;
}

/**
 * The move through the core (agent.navigate, with the files restored when `restoring`: a safety
 * checkpoint on the branch left first, as in every mode). `signal` (Esc) aborts the core's work.
 * `unrestorable`: why the target's files could not be planned, said after the move.
 */
export async function moveThroughCore(agent: AgentSession, planned: NavigationPlan, opts: Navigation & { signal: AbortSignal; restoring: boolean; includeUserChanges?: boolean; unrestorable?: string }): Promise<Moved> {
	const before = agent.view.leafId;
	const abort = () => void agent.abort();
	opts.signal.addEventListener("abort", abort, { once: true });
	try {
		const { signal: _signal, restoring, unrestorable, ...navigation } = opts;
		const outcome = await agent.navigate(planned.targetId, { ...navigation, restoreFiles: restoring, plan: planned });
		if (outcome.status === "moved" && unrestorable) return { outcome, status: `Navigated to selected point · the files were not restored: ${unrestorable}` };
		return outcome.status === "moved" && outcome.restored ? { outcome, status: restoredStatus(outcome.restored) } : { outcome };
	} catch (error) {
		// An extension cancelled the restore: nothing moved and no file changed, as in every mode (docs/core.md).
		if (error instanceof AgentError && error.code === "cancelled") return { outcome: { status: "failed", message: "Not moved: the restore was cancelled by an extension" } };
		// The move stands; the files' restore after it failed (the safety checkpoint keeps them).
		if (agent.view.leafId !== before) return { restoreFailed: `Navigated, but restoring the files failed: ${errorMessage(error)} (nothing is lost: /undo-restore)`, ...(planned.editorText !== undefined ? { editorText: planned.editorText } : {}) };
		throw error;
	} finally {
		opts.signal.removeEventListener("abort", abort);
	}
}
