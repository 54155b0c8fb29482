import { readFileSync } from "node:fs";
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

/**
 * {@link sessionCost} of a file without opening it as a session: only the lines that mention a
 * cost are parsed (`arbor sessions --json`). An unparsable line counts nothing.
 */
export function fileCost(file: string): number {
	let total = 0;
	for (const line of readFileSync(file, "utf8").split("\n")) {
		if (!line.includes('"cost"') || !line.includes('"assistant"')) continue;
		try {
			const entry = JSON.parse(line) as unknown;
			total += sessionCost([entry as SessionEntry]);
		} catch {
			// a torn or damaged line: the session's own reading reports it
		}
	}
	return total;
}
