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
