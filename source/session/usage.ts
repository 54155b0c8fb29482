import type { SessionEntry, Usage } from "./types.js";

/**
 * The model usage an entry records, as pi 1.6 counts it: a reply's, a `usage` entry's (cache
 * warming), and what making a compaction's or branch summary's text cost. Undefined for the rest.
 */
export function entryUsage(entry: SessionEntry): Partial<Usage> | undefined {
	let usage: unknown;
	if (entry.type === "message") usage = entry.message.role === "assistant" ? entry.message.usage : undefined;
	else if (entry.type === "usage" || entry.type === "compaction" || entry.type === "branch_summary") usage = entry.usage;
	return typeof usage === "object" && usage !== null ? (usage as Partial<Usage>) : undefined;
}

/** The dollars an entry's {@link entryUsage} cost, 0 when it says none. */
export function entryCost(entry: SessionEntry): number {
	const cost = entryUsage(entry)?.cost?.total;
	return typeof cost === "number" && Number.isFinite(cost) ? cost : 0;
}

/** What the session cost in dollars, every branch counted (each reply and summary was paid once). */
export function sessionCost(entries: readonly SessionEntry[]): number {
	let total = 0;
	for (const entry of entries) total += entryCost(entry);
	return total;
}

/** What a line whose entry may carry a cost holds (a user's text that says "cost" is not parsed). */
const COSTED = ['"assistant"', '"usage"', '"compaction"', '"branch_summary"'];

/** What a line that mentions a cost marks (the listing looks for it before parsing a line). */
export const COST_MARK = Buffer.from('"cost"');

/**
 * {@link sessionCost} of one session file line, without opening the session (`arbor sessions
 * --json`): a reply's cost; anything else, or an unparsable line, counts nothing.
 */
export function lineCost(line: string): number {
	if (!COSTED.some((kind) => line.includes(kind))) return 0;
	try {
		return sessionCost([JSON.parse(line) as SessionEntry]);
	} catch {
		return 0; // a torn or damaged line: the session's own reading reports it
	}
}

