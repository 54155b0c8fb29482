/** Saved sessions of an age, for the session picker's tests (the screen test and the app test). */
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { SessionStore } from "../../source/session/store.js";
import { sessionDirFor } from "../../source/session/paths.js";

/** A saved two-entry session of `cwd` under `home`, last worked in `ageMs` ago; its file. */
export function savedSession(home: string, cwd: string, text: string, ageMs: number, parentSession?: string): string {
	const store = SessionStore.create({ cwd, sessionDir: sessionDirFor(cwd, home), ...(parentSession ? { parentSession } : {}) });
	store.appendMessage({ role: "user", content: text, timestamp: 1 });
	store.appendMessage({ role: "assistant", content: [{ type: "text", text: `answer to ${text}` }], stopReason: "stop", timestamp: 2 } as never);
	const file = store.file!;
	store.close();
	// Sessions are ordered by when they were last worked in (entries, creation): age the header and
	// the entries, not only the file.
	const when = new Date(Date.now() - ageMs);
	writeFileSync(file, readFileSync(file, "utf8").replace(/("timestamp":")[^"]+/g, `$1${when.toISOString()}`));
	utimesSync(file, when, when);
	return file;
}
