import type { Dispatch, RefObject } from "react";
import { errorMessage } from "../../text/error-text.js";
import type { MergeResult } from "../../navigation/merge.js";
import { conversationLeaf } from "../../navigation/navigate.js";
import type { SessionServices } from "../services.js";
import type { TreeFlowEvent } from "./tree-flow.js";
import { mergeRefusal, unmerged, type TreeDone } from "./tree-move.js";
import type { Job } from "./use-job.js";

/** /tree's merge of a branch into the current one, through the core (agent.merge); Esc aborts it. */
export function useTreeMerge(opts: { dispatch: Dispatch<TreeFlowEvent>; latest: RefObject<{ services: SessionServices }>; job: Job; done(result: TreeDone): void }): { merge(id: string): void; cancelMerge(): void } {
	const { dispatch, latest, job, done } = opts;
	const merge = (id: string) => {
		const { agent } = latest.current.services;
		const view = agent.view;
		const into = conversationLeaf(view);
		const refusal = mergeRefusal(view, id, into);
		if (refusal) return dispatch({ type: "merge-failed", message: refusal });
		dispatch({ type: "merge-started", fromId: id, now: Date.now() });
		job.start(
			(signal) => {
				signal.addEventListener("abort", () => void agent.abort(), { once: true });
				return agent.merge(id, { intoId: into ?? undefined }).catch((error: unknown): MergeResult => ({ status: "failed", message: errorMessage(error) }));
			},
			(result) => {
				if (result.status !== "merged") return dispatch(unmerged(result));
				dispatch({ type: "merge-done" });
				done({ kind: "closed", status: `Merged ${id} into the current branch` });
			},
		);
	};
	const cancelMerge = () => {
		job.cancel();
		dispatch({ type: "merge-cancelled", notice: "Merge cancelled" });
	};
	return { merge, cancelMerge };
}
