import * as fs from "node:fs";
import { AppendFile } from "./append-file.js";
import { type LockHandle, acquireLock } from "./lock.js";
import { migrateInMemory, rewriteMigrated } from "./migrate.js";
import { parseSessionBuffer } from "./parse.js";
import { TreeIndex } from "./tree-index.js";
import type { SessionHeader } from "./types.js";
import { CURRENT_VERSION, SessionError } from "./types.js";

/** An opened session file, ready to wrap in a SessionStore. */
export type LoadedSession = { header: SessionHeader; index: TreeIndex; out?: AppendFile; lock?: LockHandle };

/**
 * Read, parse, migrate and index a session file. With `write`: lock first (so nobody appends
 * between our read and our first write), rewrite old versions on disk, open for appending.
 */
export function loadSession(file: string, write: boolean): LoadedSession {
	if (write && !fs.existsSync(file)) throw new SessionError("not-found", `session file not found: ${file}`);
	const lock = write ? acquireLock(file) : undefined;
	try {
		const parsed = parseSessionBuffer(readSessionFile(file), file);
		const from = migrateInMemory(parsed.header, parsed.entries);
		const migrated = from < CURRENT_VERSION;
		let needsNewline = parsed.needsNewline;
		if (write && migrated) {
			rewriteMigrated({ file, header: parsed.header, entries: parsed.entries, fromVersion: from });
			needsNewline = false;
		}
		// Byte offsets only describe entries that are stored verbatim in the file we will append to.
		const offsets = migrated ? undefined : parsed.offsets;
		const index = TreeIndex.build(parsed.entries, { warnings: parsed.warnings, lines: parsed.lines, offsets });
		const out = write ? AppendFile.open(file, needsNewline) : undefined;
		return { header: parsed.header, index, out, lock };
	} catch (error) {
		lock?.release();
		throw error;
	}
}

function readSessionFile(file: string): Buffer {
	try {
		return fs.readFileSync(file);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT") throw new SessionError("not-found", `session file not found: ${file}`);
		throw new SessionError("unreadable", `cannot read session ${file}: ${(error as Error).message}`);
	}
}
