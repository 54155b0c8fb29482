/**
 * Entry lines written elsewhere (fetched by `arbor sync`), made into entries as a load makes them:
 * parsed, and an entry the views or the model cannot use replaced by the same `arbor.damaged`
 * placeholder load.ts uses (it serializes as the original). Lines without an object and an id are
 * left out (sync never sends such a line).
 */
import { MAX_NESTING, entryProblem } from "./entry-shape.js";
import { placeholder } from "./load.js";
import type { SessionEntry } from "./types.js";

/** One fetched line and its entry. */
export type ForeignLine = { entry: SessionEntry; line: Buffer };

export function foreignEntries(lines: readonly Buffer[]): ForeignLine[] {
	const out: ForeignLine[] = [];
	for (const line of lines) {
		let value: unknown;
		try {
			value = JSON.parse(line.toString("utf8"));
		} catch {
			continue;
		}
		if (!value || typeof value !== "object" || Array.isArray(value) || typeof (value as { id?: unknown }).id !== "string") continue;
		const entry = value as SessionEntry;
		const problem = entryProblem(entry as unknown as Record<string, unknown>, line.length > 2 * MAX_NESTING);
		out.push({ entry: problem === undefined ? entry : placeholder(entry, 0, problem, () => line.toString("utf8")), line });
	}
	return out;
}
