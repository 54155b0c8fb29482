/**
 * globalSetup of `npm test` (vitest.config.ts): the CLI, tmux and export tests run the built bundle,
 * so the bundle is built once before any file runs when dist/cli.js is missing or older than any
 * input of the build (source/, the build scripts, package.json, package-lock.json). A fresh bundle
 * is left as it is. ARBOR_TEST_CLI (another build, e.g. a baseline) skips it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./shared.js";

const BUNDLE = join(REPO_ROOT, "dist/cli.js");
const INPUTS = ["source", "scripts/build.mjs", "scripts/page-bundle.mjs", "package.json", "package-lock.json"];

function newestMtime(path: string): number {
	const stat = statSync(path, { throwIfNoEntry: false });
	if (!stat) return 0;
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
	return newest;
}

/** Why the bundle must be rebuilt, or undefined when dist/cli.js is newer than every input. */
export function staleReason(): string | undefined {
	if (!existsSync(BUNDLE)) return "dist/cli.js is missing";
	const built = statSync(BUNDLE).mtimeMs;
	const newer = INPUTS.find((input) => newestMtime(join(REPO_ROOT, input)) > built);
	return newer === undefined ? undefined : `${newer} changed after the last build`;
}

export default function buildOnce(): void {
	if (process.env.ARBOR_TEST_CLI) return;
	const reason = staleReason();
	if (reason === undefined) return;
	process.stderr.write(`arbor tests: building the CLI (${reason})\n`);
	try {
		execFileSync(process.execPath, [join(REPO_ROOT, "scripts/build.mjs")], { cwd: REPO_ROOT, stdio: ["ignore", "inherit", "inherit"] });
	} catch {
		throw new Error("the build failed: run npm run build first");
	}
}
