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

const COST_MARK = Buffer.from('"cost"');

/**
 * {@link sessionCost} of a session file's bytes, without opening it as a session: only the lines
 * that mention a cost are parsed (`arbor sessions --json`, from the bytes the listing reads anyway).
 * An unparsable line counts nothing.
 */
export function bufferCost(buf: Buffer): number {
	let total = 0;
	for (let at = buf.indexOf(COST_MARK); at !== -1; at = buf.indexOf(COST_MARK, at + 1)) {
		const start = buf.lastIndexOf(0x0a, at) + 1;
		let end = buf.indexOf(0x0a, at);
		if (end === -1) end = buf.length;
		const line = buf.toString("utf8", start, end);
		at = end;
		if (!line.includes('"assistant"')) continue;
		try {
			total += sessionCost([JSON.parse(line) as SessionEntry]);
		} catch {
			// a torn or damaged line: the session's own reading reports it
		}
	}
	return total;
}
