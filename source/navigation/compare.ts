import type { SessionTreeView } from "../session/api.js";
import { SessionError, type SessionEntry } from "../session/types.js";

/** Two branches from their common ancestor: what `arbor compare` and the tree's compare show. */
export type BranchComparison = {
	commonAncestorId: string | null;
	/** ancestor (exclusive) → a (inclusive), oldest first; likewise b. */
	a: SessionEntry[];
	b: SessionEntry[];
};

/** The two branches that end at `a` and `b` (already resolved ids). Pure. */
export function planComparison(view: SessionTreeView, a: string, b: string): BranchComparison {
	for (const id of [a, b]) if (!view.getEntry(id)) throw new SessionError("unknown-id", `no entry ${id} in this session`);
	const commonAncestorId = view.commonAncestor(a, b);
	const after = (id: string) => {
		const path = view.getPath(id);
		const from = commonAncestorId === null ? 0 : path.findIndex((e) => e.id === commonAncestorId) + 1;
		return path.slice(from);
	};
	return { commonAncestorId, a: after(a), b: after(b) };
}
