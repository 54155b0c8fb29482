/**
 * JSON text of an entry for a session file. An entry nested too deeply for JSON.stringify (it is
 * an `arbor.damaged` placeholder then, see load.ts) is written from its original line text, so a
 * fork or a migration copies it instead of overflowing the stack.
 */

/** Set (non-enumerable) on a placeholder: the original line text of the entry it stands for. */
export const RAW_LINE = Symbol("arbor.rawLine");

type WithRaw = { id?: unknown; parentId?: unknown; [RAW_LINE]?: string };

/** `JSON.stringify(entry)`, or the entry's original line when that overflows. */
export function entryJson(entry: unknown): string {
	try {
		return JSON.stringify(entry);
	} catch (error) {
		const raw = error instanceof RangeError ? (entry as WithRaw | null)?.[RAW_LINE]?.trim() : undefined;
		if (raw === undefined || !raw.startsWith("{")) throw error;
		return withIds(raw, entry as WithRaw);
	}
}

/** The line as it was when it already names its id; else (a migrated v1 line) id and parent put first. */
function withIds(raw: string, entry: WithRaw): string {
	const id = JSON.stringify(entry.id);
	if (raw.slice(0, 200).includes(`"id":${id}`)) return raw;
	const rest = raw.slice(1).trimStart();
	return `{"id":${id},"parentId":${JSON.stringify(entry.parentId ?? null)}${rest.startsWith("}") ? "" : ","}${rest}`;
}
