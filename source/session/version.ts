import type { SessionEntry, SessionHeader } from "./types.js";

/** The format version a file is read as, and why it differs from its header (if it does). */
type SettledVersion = { version: number; warning?: string };

/**
 * Decide which format a file really has. Only what really is v1 (entries without ids) or v2
 * (`version: 2` exactly) gets migrated: migrating gives every entry a fresh id and chains them in
 * file order, which would flatten a v3 tree whose header was merely damaged (`"version":"3"`, `0`,
 * a flipped byte in the key). A header that says 3 is trusted; any other header whose entries carry
 * ids is read as v3, with a warning.
 */
export function settleVersion(header: SessionHeader, entries: readonly SessionEntry[]): SettledVersion {
	const stated: unknown = header.version;
	if (stated === 3 || stated === 2) return { version: stated };
	const hasKey = Object.hasOwn(header, "version");
	const said = hasKey ? `version ${describe(stated)}` : "no version";
	if (!entries.some((e) => typeof e.id === "string")) {
		// No ids anywhere: a version-1 file (pi wrote no version then), whatever the header claims.
		const odd = hasKey && stated !== 1;
		return odd ? { version: 1, warning: `line 1: header has ${said} but entries have no ids: read as version 1` } : { version: 1 };
	}
	return { version: 3, warning: `line 1: header has ${said} but entries carry ids: read as version 3 (not migrated)` };
}

function describe(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
