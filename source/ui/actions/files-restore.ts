/**
 * The chat's files-only restores (`/restore`, and `/fork`'s restore question) through the core's
 * `restoreFiles`: the dry run the question lists, the restore, and what the status line says.
 */
import type { AgentSession } from "../../agent/agent-session.js";
import type { RestoreDone, RestorePlan } from "../../checkpoints/restore-types.js";
import { counted } from "../../text/count.js";
import { errorMessage } from "../../text/error-text.js";
import type { RestoreChange } from "../tree/tree-flow.js";

/** The dry run of restoring `targetId`'s file state (the user's own changes kept), or why there is none. */
export async function dryRun(agent: AgentSession, targetId: string): Promise<{ plan: RestorePlan } | { failed: string }> {
	try {
		const result = await agent.restoreFiles(targetId, { dryRun: true });
		return result.dryRun ? { plan: result.plan } : { failed: "not a dry run" };
	} catch (error) {
		return { failed: errorMessage(error) };
	}
}

/** The question's list: the turns' changes, then the user's own (marked). */
export function questionChanges(plan: RestorePlan): RestoreChange[] {
	return [...plan.changes, ...plan.userChanges.map((c) => ({ ...c, mine: true }))];
}

/** The restore itself (a safety checkpoint at the leaf first); `includeUserChanges`: the third choice. */
export async function restoreNow(agent: AgentSession, targetId: string, includeUserChanges: boolean): Promise<RestoreDone> {
	const result = await agent.restoreFiles(targetId, { includeUserChanges });
	if (result.dryRun) throw new Error("not restored");
	return result.done;
}

/** `restored 2 files · kept 1 file you changed yourself · kept 1 file in no checkpoint`. */
export function restoredText(done: RestoreDone): string {
	const mine = done.userChanges.length ? ` · kept ${counted(done.userChanges.length, "file")} you changed yourself` : "";
	const kept = done.kept.length ? ` · kept ${counted(done.kept.length, "file")} in no checkpoint` : "";
	return `restored ${counted(done.changes.length, "file")}${mine}${kept}`;
}

/** The status line after `/restore`: what was restored, to which entry, and how to undo it. */
export function filesRestoredStatus(targetId: string, done: RestoreDone): string {
	return `Files of ${targetId}: ${restoredText(done)} (the conversation stays where it is; /undo-restore undoes)`;
}
