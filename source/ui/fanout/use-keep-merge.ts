/**
 * The comparison's Enter and Shift+M (docs/fanout.md): Enter keeps the chosen branch (fanout/keep.ts:
 * the leaf to its end, its files restored) and the screen stays, the kept branch marked; Shift+M on
 * another branch merges its conclusions into the kept one through the core's merge (agent.merge,
 * as /tree's Shift+M: a branch summary appended at the kept branch's end, which becomes the leaf).
 */
import { useState } from "react";
import type { AgentSession } from "../../agent/agent-session.js";
import type { BranchOutcome } from "../../fanout/branch.js";
import { keepBranch } from "../../fanout/keep.js";
import type { MergeResult } from "../../navigation/merge.js";
import { counted } from "../../text/count.js";
import { errorMessage } from "../../text/error-text.js";
import { mergeRefusal } from "../tree/tree-move.js";

/** The branch kept: its index, where a merge goes (its end, then the last merge's summary), what was said. */
type Kept = { index: number; intoId: string; text: string };

/** What the screen shows: the kept branch, the branches merged into it, a note, the work going on. */
export type KeepMergeState = { kept?: Kept; merged: readonly number[]; note?: string; working?: "keeping" | "merging" };

/** Why `branch` cannot be merged into the kept one (undefined: it can). Pure but for the view it reads. */
export function mergeNote(state: KeepMergeState, branch: BranchOutcome, agent: Pick<AgentSession, "view">): string | undefined {
	const kept = state.kept;
	if (!kept) return "Keep a branch first (Enter): Shift+M then merges the chosen branch into it";
	if (kept.index === branch.index) return `Branch ${branch.index} is the kept one: choose another to merge into it`;
	if (state.merged.includes(branch.index)) return `Branch ${branch.index} is already merged into branch ${kept.index}`;
	if (!branch.endId) return `Branch ${branch.index} wrote nothing to merge`;
	return mergeRefusal(agent.view, branch.endId, kept.intoId);
}

/** The status line's words once the screen closes after a keep. */
export function keptText(state: KeepMergeState): string | undefined {
	if (!state.kept) return undefined;
	const merged = state.merged.length > 0 ? ` · merged ${counted(state.merged.length, "branch", "branches")} into it (${state.merged.map((i) => `[${i}]`).join(" ")})` : "";
	return `${state.kept.text}${merged}`;
}

/** Keep and merge over the chat's session; `close` ends the screen with a status line. */
export function useKeepMerge(agent: AgentSession, branches: readonly BranchOutcome[], close: (text: string) => void) {
	const [state, setState] = useState<KeepMergeState>({ merged: [] });
	const keep = async (branch: BranchOutcome) => {
		if (state.kept?.index === branch.index) return close(keptText(state) ?? "");
		setState((s) => ({ ...s, working: "keeping", note: `Keeping branch ${branch.index}…` }));
		try {
			const done = await keepBranch(agent, branch);
			const files = done.restored ? `, ${counted(done.restored.changes.length, "file")} restored · /undo-restore undoes it` : "";
			const text = `Kept branch ${branch.index} (${branch.label})${files}`;
			if (branches.length === 1) return close(text);
			setState({ kept: { index: branch.index, intoId: agent.view.leafId ?? branch.endId ?? "", text }, merged: [], note: text });
		} catch (e) {
			setState((s) => ({ ...s, working: undefined, note: `Not kept: ${errorMessage(e)}` }));
		}
	};
	const merge = async (branch: BranchOutcome) => {
		const refusal = mergeNote(state, branch, agent);
		const kept = state.kept;
		if (refusal || !kept || !branch.endId) return setState((s) => ({ ...s, note: refusal }));
		setState((s) => ({ ...s, working: "merging", note: `Merging branch ${branch.index} into branch ${kept.index}… (Esc stops it)` }));
		const result = await agent.merge(branch.endId, { intoId: kept.intoId }).catch((e: unknown): MergeResult => ({ status: "failed", message: errorMessage(e) }));
		if (result.status === "merged") {
			const note = `Merged branch ${branch.index}'s conclusions into branch ${kept.index} (a branch summary at its end)`;
			return setState((s) => ({ kept: { ...kept, intoId: result.summaryEntry.id }, merged: [...s.merged, branch.index], note }));
		}
		const why = result.status === "cancelled" ? (result.reason === "hook" ? "cancelled by an extension" : "cancelled") : result.message;
		setState((s) => ({ ...s, working: undefined, note: `Not merged: ${why}` }));
	};
	return { state, keep, merge, stop: () => void agent.abort() };
}
