import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { errnoCode } from "../text/error-text.js";

/** arbor's home folder: `$ARBOR_HOME`, else `~/.arbor`. */
export function arborHome(env: NodeJS.ProcessEnv = process.env): string {
	const home = env.ARBOR_HOME;
	return home && home !== "" ? path.resolve(home) : path.join(os.homedir(), ".arbor");
}

/** The longest folder name most file systems accept (bytes). */
const NAME_MAX = 255;

/**
 * The folder holding a project's sessions, named from its cwd exactly as pi names it:
 * `<home>/sessions/--<cwd without leading slash, / \\ : replaced by ->--`. A name longer than a
 * folder name may be (a cwd of more than ~250 bytes) keeps its start and end around a hash of the
 * whole cwd, so it fits, stays the same for the same cwd and differs for another (the full cwd is
 * in every session's header).
 */
export function sessionDirFor(cwd: string, home: string): string {
	const flat = cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-");
	const safe = `--${flat}--`;
	if (Buffer.byteLength(safe) <= NAME_MAX) return path.join(home, "sessions", safe);
	const hash = createHash("sha256").update(cwd).digest("hex").slice(0, 16);
	const head = fitBytes(Array.from(flat), 120);
	const tail = fitBytes(Array.from(flat).reverse(), 100).reverse();
	return path.join(home, "sessions", `--${head.join("")}-${hash}-${tail.join("")}--`);
}

/** The leading characters of `chars` whose UTF-8 form fits in `max` bytes. */
function fitBytes(chars: string[], max: number): string[] {
	const kept: string[] = [];
	let bytes = 0;
	for (const c of chars) {
		bytes += Buffer.byteLength(c);
		if (bytes > max) break;
		kept.push(c);
	}
	return kept;
}

/** `readdir`, with a missing folder read as empty; other errors throw. */
function entriesOf(dir: string): fs.Dirent[] {
	try {
		return fs.readdirSync(dir, { withFileTypes: true });
	} catch (error) {
		if (errnoCode(error) === "ENOENT") return [];
		throw error;
	}
}

/** The session files (`*.jsonl`) directly in `dir`, as paths sorted by name; a missing folder has none. */
export function sessionFiles(dir: string): string[] {
	return entriesOf(dir)
		.filter((d) => d.name.endsWith(".jsonl"))
		.map((d) => path.join(dir, d.name))
		.sort();
}

/** The project folders under `<home>/sessions` (one per cwd), sorted; none when it does not exist. */
export function projectDirs(home: string): string[] {
	const root = path.join(home, "sessions");
	return entriesOf(root)
		.filter((d) => d.isDirectory())
		.map((d) => path.join(root, d.name))
		.sort();
}

/**
 * The cwd whose sessions `-c` picks in `where.sessionDir`, when that is not this folder's own
 * session folder (a `--session-dir` several projects share), else undefined: a folder's own session
 * folder holds only its sessions, whatever their headers say (copies, imports).
 */
export function sharedDirCwd(where: { cwd: string; home: string; sessionDir: string }): string | undefined {
	return path.resolve(where.sessionDir) === path.resolve(sessionDirFor(where.cwd, where.home)) ? undefined : where.cwd;
}
