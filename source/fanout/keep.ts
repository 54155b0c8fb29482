/**
 * Keeping a branch (docs/fanout.md): the leaf moves to the branch's end and its files come back
 * into the project through the ordinary restore — a safety checkpoint first, so /undo-restore (or
 * `arbor restore` of the safety checkpoint) undoes it. A branch that changed no file only moves the leaf.
 */
import type { AgentNavigateResult, AgentSession } from "../agent/agent-session.js";
import type { BranchOutcome } from "./branch.js";

/** Moves the leaf to `branch`'s end, restoring its files when it has a file state of its own. */
export async function keepBranch(agent: AgentSession, branch: BranchOutcome): Promise<AgentNavigateResult> {
	if (!branch.endId) throw new Error(`branch ${branch.index} wrote nothing to keep`);
	if (!branch.hasFiles) return agent.navigate(branch.endId, { restoreFiles: false });
	return agent.navigate(branch.endId, { restoreFiles: true, includeUserChanges: await untouchedSinceStart(agent, branch) });
}

/**
 * Whether the working tree is still the fan-out's start. The restore tells the user's own changes
 * by the session's checkpoints in file order, and the branches' checkpoints interleave there: the
 * step from another branch's last checkpoint to the working tree would look like the user's work
 * and be kept. With the working tree as the branches started, there is no user change to keep.
 */
async function untouchedSinceStart(agent: AgentSession, branch: BranchOutcome): Promise<boolean> {
	const store = agent.checkpointer?.store;
	if (!store) return false;
	return (await store.snapshot()).tree === branch.startTree;
}
