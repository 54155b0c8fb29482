import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** arbor's home folder: `$ARBOR_HOME`, else `~/.arbor`. */
export function arborHome(env: NodeJS.ProcessEnv = process.env): string {
	const home = env.ARBOR_HOME;
	return home && home !== "" ? path.resolve(home) : path.join(os.homedir(), ".arbor");
}

/**
 * The folder holding a project's sessions, named from its cwd exactly as pi names it:
 * `<home>/sessions/--<cwd without leading slash, / \ : replaced by ->--`.
 */
export function sessionDirFor(cwd: string, home: string): string {
	const safe = `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
	return path.join(home, "sessions", safe);
}

/** `readdir`, with a missing folder read as empty; other errors throw. */
function entriesOf(dir: string): fs.Dirent[] {
	try {
		return fs.readdirSync(dir, { withFileTypes: true });
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
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
