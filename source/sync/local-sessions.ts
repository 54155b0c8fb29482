/**
 * The sessions of this project on this machine, by session id: the files of the working folder's
 * own session folder (pi's layout, one folder per cwd). A session fetched from the remote that is
 * not there is looked for in the home's other project folders (a second clone on this machine
 * with the same home) before a new file is made in this folder.
 */
import * as path from "node:path";
import { projectDirs, sessionDirFor, sessionFiles } from "../session/paths.js";

const ID = /_([0-9a-f-]{36})\.jsonl$/i;

/** The session id a file's name carries (`<time>_<uuid>.jsonl`). */
function idOfFile(file: string): string | undefined {
	return ID.exec(path.basename(file))?.[1];
}

/** This folder's session files by id. */
export function sessionsHere(cwd: string, home: string): Map<string, string> {
	const out = new Map<string, string>();
	for (const file of sessionFiles(sessionDirFor(cwd, home))) {
		const id = idOfFile(file);
		if (id && !out.has(id)) out.set(id, file);
	}
	return out;
}

/** A file of session `id` in another project folder of `home`, if there is one. */
export function sessionElsewhere(home: string, id: string): string | undefined {
	for (const dir of projectDirs(home)) {
		const hit = sessionFiles(dir).find((f) => idOfFile(f) === id);
		if (hit) return hit;
	}
	return undefined;
}
