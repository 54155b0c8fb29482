import type { SessionEntry } from "./types.js";

const ON_WALK = 1;
const DONE = 2;

/**
 * Find parent links that close a cycle, starting only from `suspects` (entries whose parent
 * appears later in the file: in an append-only file every cycle contains such a link).
 * Iterative colouring walk: every entry is walked at most once overall, so this always ends.
 * Returns the entries to treat as roots (the one whose parent link closes each loop).
 */
export function findCycleBreaks(
	suspects: readonly SessionEntry[],
	byId: { get(id: string): SessionEntry | undefined },
): Set<SessionEntry> {
	const cut = new Set<SessionEntry>();
	if (suspects.length === 0) return cut;
	const colour = new Map<SessionEntry, number>();
	const walk: SessionEntry[] = [];
	for (const start of suspects) {
		if (colour.has(start)) continue;
		let current: SessionEntry | undefined = start;
		while (current) {
			colour.set(current, ON_WALK);
			walk.push(current);
			const parent: SessionEntry | undefined =
				typeof current.parentId === "string" ? byId.get(current.parentId) : undefined;
			const seen: number | undefined = parent ? colour.get(parent) : undefined;
			if (seen === ON_WALK) cut.add(current);
			current = parent && seen === undefined ? parent : undefined;
		}
		for (const e of walk) colour.set(e, DONE);
		walk.length = 0;
	}
	return cut;
}
