import { randomBytes, randomUUID } from "node:crypto";

/**
 * A fresh 8-char lowercase hex entry id that `taken` does not contain yet.
 * Ids only need to be unique inside one file, so a collision check against that file suffices.
 */
export function newEntryId(taken: { has(id: string): boolean }): string {
	for (;;) {
		const id = randomBytes(4).toString("hex");
		if (!taken.has(id)) return id;
	}
}

/** A new session id (UUID v4). */
export function newSessionId(): string {
	return randomUUID();
}

/** `<ISO time with : and . replaced by ->_<uuid>.jsonl`, the file name pi and arbor use. */
export function sessionFileName(isoTime: string, sessionId: string): string {
	return `${isoTime.replace(/[:.]/g, "-")}_${sessionId}.jsonl`;
}
