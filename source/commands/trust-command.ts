/**
 * `arbor trust [path]` (docs/trust.md): shows what the project's `.arbor/` would do and trusts its
 * current content; `--list` the trusted projects, `--revoke [path]` forgets one.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { usageError } from "../config/errors.js";
import { trustListing } from "../config/trust-listing.js";
import { projectTrust, revokeTrust, trustedProjects, trustProject } from "../config/trust.js";
import { arborHome } from "../session/paths.js";
import { terminalText } from "../text/terminal-text.js";

type TrustOptions = { list?: boolean; revoke?: boolean };

const out = (line: string) => process.stdout.write(`${terminalText(line)}\n`);

/** The folder named (default: the working directory); a missing one or a file is a usage error. */
function projectFolder(path: string | undefined): string {
	const cwd = resolve(path ?? process.cwd());
	if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw usageError(`${path ?? cwd}: not a folder`);
	return cwd;
}

function list(home: string): number {
	const all = trustedProjects(home);
	if (all.length === 0) out("no trusted projects");
	for (const [path, record] of all) {
		const now = existsSync(path) ? projectTrust({ cwd: path, home }) : undefined;
		const state = now === undefined ? "folder gone" : now.state === "trusted" ? "trusted" : now.state === "none" ? "nothing in .arbor/ acts now" : "changed since (asks again)";
		out(`${path}  ${record.trustedAt}  ${state}`);
	}
	return 0;
}

export function trustCommand(path: string | undefined, opts: TrustOptions): number {
	const home = arborHome();
	if (opts.list) {
		if (path !== undefined || opts.revoke) throw usageError("--list takes no path and no --revoke");
		return list(home);
	}
	const cwd = projectFolder(path);
	if (opts.revoke) {
		out(revokeTrust({ cwd, home }) ? `no longer trusted: ${cwd}` : `was not trusted: ${cwd}`);
		return 0;
	}
	const content = trustProject({ cwd, home });
	if (!content) {
		out(`nothing to trust: ${cwd}/.arbor/ holds no settings, extensions, SYSTEM.md, prompts or skills`);
		return 0;
	}
	out(`trusted ${cwd}: its .arbor/ takes effect from now on, as long as it stays as it is now:`);
	for (const line of trustListing(content)) out(`  ${line.warn ? "! " : ""}${line.text}`);
	return 0;
}
