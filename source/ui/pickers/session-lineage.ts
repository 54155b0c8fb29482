import type { SessionInfo } from "../../session/listing.js";

type LineageRow = { session: SessionInfo; depth: number };

/**
 * Sessions as a fork tree: each fork (its header's `parentSession` names a listed file) right
 * under its parent, one level deeper; otherwise the given order (newest first) is kept.
 */
export function lineage(sessions: readonly SessionInfo[]): LineageRow[] {
	const listed = new Set(sessions.map((s) => s.file));
	const children = new Map<string, SessionInfo[]>();
	const roots: SessionInfo[] = [];
	for (const s of sessions) {
		const parent = s.parentSession;
		if (parent !== undefined && parent !== s.file && listed.has(parent)) children.set(parent, [...(children.get(parent) ?? []), s]);
		else roots.push(s);
	}
	const out: LineageRow[] = [];
	const seen = new Set<string>();
	const visit = (session: SessionInfo, depth: number) => {
		if (seen.has(session.file)) return;
		seen.add(session.file);
		out.push({ session, depth });
		for (const child of children.get(session.file) ?? []) visit(child, depth + 1);
	};
	for (const root of roots) visit(root, 0);
	// Sessions in a parent cycle have no root: list them flat rather than lose them.
	for (const s of sessions) visit(s, 0);
	return out;
}
