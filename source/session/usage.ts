import type { SessionEntry } from "./types.js";

/** What the session's replies cost in dollars, every branch counted (each reply was paid once). */
export function sessionCost(entries: readonly SessionEntry[]): number {
	let total = 0;
	for (const entry of entries) {
		if (entry.type !== "message" || entry.message.role !== "assistant") continue;
		const cost = entry.message.usage?.cost?.total;
		if (typeof cost === "number" && Number.isFinite(cost)) total += cost;
	}
	return total;
}

/** What a line that mentions a cost marks (the listing looks for it before parsing a line). */
export const COST_MARK = Buffer.from('"cost"');

/**
 * {@link sessionCost} of one session file line, without opening the session (`arbor sessions
 * --json`): a reply's cost; anything else, or an unparsable line, counts nothing.
 */
export function lineCost(line: string): number {
	if (!line.includes('"assistant"')) return 0;
	try {
		return sessionCost([JSON.parse(line) as SessionEntry]);
	} catch {
		return 0; // a torn or damaged line: the session's own reading reports it
	}
}

