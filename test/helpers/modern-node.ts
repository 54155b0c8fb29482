/**
 * A Node that runs pi 1.6 (`@earendil-works/pi-coding-agent`, the reference peer: Node ≥ 22.19). The
 * suite itself runs on Node 20 as well, where pi 1.6 cannot even be imported (`fs.globSync`), so the
 * tests that drive pi 1.6 run its code in a child process of this Node:
 * - the Node running the tests, when it is new enough (the suite's second run in .ci/run, on Node 24);
 * - else `ARBOR_TEST_NODE` (.ci/run sets it to the node@24 it installs);
 * - else node@24 installed once from the npm registry into `node_modules/.cache/arbor-node24`
 *   (`npm install --prefix`, as .ci/run does), kept for later runs. Workers racing for it take a lock
 *   folder; the one that installs renames the finished folder into place, so nobody sees half of it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./shared.js";
import { waitFor } from "./wait-for.js";

const CACHE = join(REPO_ROOT, "node_modules/.cache/arbor-node24");
const BIN = join(CACHE, "node_modules/node/bin/node");

/** True when this Node can load pi 1.6. */
export function runsPi16(version = process.versions.node): boolean {
	const [major = 0, minor = 0] = version.split(".").map(Number);
	return major > 22 || (major === 22 && minor >= 19);
}

/** The path of a Node ≥ 22.19 (see the file's comment); installs node@24 on first use. */
export async function modernNode(): Promise<string> {
	if (runsPi16()) return process.execPath;
	if (process.env.ARBOR_TEST_NODE) return process.env.ARBOR_TEST_NODE;
	if (existsSync(BIN)) return BIN;
	const lock = `${CACHE}.lock`;
	mkdirSync(join(REPO_ROOT, "node_modules/.cache"), { recursive: true });
	let mine = false;
	try {
		mkdirSync(lock);
		mine = true;
	} catch {
		// another worker installs it: wait for the finished folder
	}
	if (!mine) {
		await waitFor(() => existsSync(BIN), { timeoutMs: 180_000, intervalMs: 200, what: "node@24 installed by another worker" });
		return BIN;
	}
	try {
		const part = `${CACHE}.part`;
		rmSync(part, { recursive: true, force: true });
		mkdirSync(part, { recursive: true });
		writeFileSync(join(part, "package.json"), '{"private":true,"allowScripts":{"node":true}}\n');
		execFileSync("npm", ["install", "--prefix", part, "--no-audit", "--no-fund", "--no-save", "node@24"], { stdio: "ignore" });
		renameSync(part, CACHE);
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
	return BIN;
}
