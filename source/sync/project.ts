/**
 * Where a sync goes: the project (a git work tree, asked read-only), the remote's URL (a URL or
 * path as given, else `git config --get remote.<name>.url` of the user's repository) and the
 * private store it goes through (the project's checkpoint store, created as the checkpoints create it).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { storeDirFor } from "../checkpoints/store.js";
import type { GitPlace } from "../checkpoints/git.js";
import { privateDir } from "../checkpoints/modes.js";
import { CliError, usageError } from "../config/errors.js";
import { askUserRepo, storeGit } from "./git-run.js";

/** A remote named on the command line or in settings: a URL or path when it has a `/` or `:`. */
function looksLikeUrl(remote: string): boolean {
	return /[/:\\]/.test(remote);
}

/** Checks that `cwd` is in a git work tree (exit 2 if not); returns the work tree's top folder. */
export async function workTreeOf(cwd: string): Promise<string> {
	// One git process for both answers (`true` then the top folder); outside a work tree (no
	// repository, or inside a .git folder) git fails or says `false`.
	const [inside, top] = ((await askUserRepo(cwd, ["rev-parse", "--is-inside-work-tree", "--show-toplevel"])) ?? "").split("\n");
	if (inside !== "true") throw usageError(`not a git work tree: ${cwd} (arbor sync goes through the project's git remote)`);
	return top || cwd;
}

/** The URL of `remote` (a remote's name or a URL/path) in the work tree `workTree` checks; exit 2 outside a work tree, or for a name the repository does not have. */
export async function remoteUrl(cwd: string, workTree: Promise<string>, remote: string): Promise<string> {
	// The two questions to the user's repository run side by side (the work tree's check first in its answer).
	const asked = looksLikeUrl(remote) ? undefined : askUserRepo(cwd, ["config", "--get", `remote.${remote}.url`]);
	const [top, url] = await Promise.all([workTree, asked]);
	if (looksLikeUrl(remote)) {
		const local = !/^[a-z][a-z0-9+.-]*:\/\//i.test(remote) && !/^[^/]+@[^/]+:/.test(remote);
		return local ? path.resolve(cwd, remote) : remote;
	}
	if (!url) throw usageError(`no such remote: ${remote} (git remote -v lists this repository's; --remote also takes a URL)`);
	// A relative path in the repository's config is relative to the work tree's top.
	return looksLikeUrl(url) && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !path.isAbsolute(url) ? path.resolve(top, url) : url;
}

/** The project's private store (its checkpoint store), created when it is not there yet. */
export async function syncPlace(home: string, cwd: string): Promise<{ place: GitPlace; dir: string }> {
	const dir = storeDirFor(home, cwd);
	const place = { gitDir: path.join(dir, "git"), workTree: cwd, indexFile: path.join(dir, "index") };
	for (const d of [home, path.join(home, "checkpoints"), dir]) privateDir(d);
	if (!fs.existsSync(path.join(place.gitDir, "HEAD"))) {
		await storeGit(place, ["init", "-q"]).catch((error: unknown) => {
			throw new CliError(`cannot create the sync store ${place.gitDir}: ${(error as Error).message}`, 1);
		});
		fs.writeFileSync(path.join(dir, "cwd"), `${cwd}\n`, { mode: 0o600 });
	}
	return { place, dir };
}
