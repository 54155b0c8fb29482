/**
 * Keeping a branch (docs/fanout.md): the leaf moves to the branch's end and its files come back
 * into the project through the ordinary restore — a safety checkpoint first, so /undo-restore (or
 * `arbor restore` of the safety checkpoint) undoes it. A branch that changed no file only moves the leaf.
 * The restore's user-change history skips the branches' own checkpoints (taken in their copies:
 * checkpoints/user-changes.ts), so the branches interleaving in the file are not taken for the user's work.
 */
import type { AgentNavigateResult, AgentSession } from "../agent/agent-session.js";
import type { BranchOutcome } from "./branch.js";

/** Moves the leaf to `branch`'s end, restoring its files when it has a file state of its own. */
export async function keepBranch(agent: AgentSession, branch: BranchOutcome): Promise<AgentNavigateResult> {
	if (!branch.endId) throw new Error(`branch ${branch.index} wrote nothing to keep`);
	return agent.navigate(branch.endId, { restoreFiles: branch.hasFiles });
}
