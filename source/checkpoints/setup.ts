/** Checkpoints for a chat run (print or interactive): on unless --no-checkpoints or `"checkpoints": false`. */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Settings } from "../config/settings.js";
import type { SessionStoreApi } from "../session/api.js";
import { childEnvironment } from "../text/secrets.js";
import { Checkpointer, type RestoreHooks } from "./checkpointer.js";
import { privateDir } from "./modes.js";
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES, DEFAULT_MAX_STORE_BYTES, storeDirFor, type CheckpointLimits } from "./store.js";

/** The store limits, from settings. */
export function checkpointLimits(settings: Settings): CheckpointLimits {
	return {
		maxFileBytes: settings.checkpointMaxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
		maxFiles: settings.checkpointMaxFiles ?? DEFAULT_MAX_FILES,
		maxStoreBytes: settings.checkpointMaxStoreBytes ?? DEFAULT_MAX_STORE_BYTES,
	};
}

/** The run's checkpointer, or undefined when checkpoints are switched off. */
export function chatCheckpointer(opts: {
	flags: { checkpoints?: boolean };
	settings: Settings;
	session: SessionStoreApi;
	where: { cwd: string; home: string };
	onNotice: (message: string) => void;
	/** The extensions' restore events (front ends that restore: RPC, ACP). */
	hooks?: RestoreHooks;
	/** A fan-out branch: its files are this copy of the project (`where.cwd` names the project's store). */
	copy?: { workTree: string; indexFile: string };
}): Checkpointer | undefined {
	if (opts.flags.checkpoints === false || opts.settings.checkpoints === false) return undefined;
	return Checkpointer.create({ session: opts.session, home: opts.where.home, cwd: opts.where.cwd, limits: checkpointLimits(opts.settings), onNotice: opts.onNotice, hooks: opts.hooks, copy: opts.copy });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * At most once a day per project: `arbor checkpoints <session> --gc` in a detached child, so the
 * store drops what no session references without the chat waiting. The first call for a store only
 * starts the clock. Only from the built CLI (never from a test runner or an embedder).
 */
export function maybeDailyGc(opts: { home: string; cwd: string; sessionFile: string | undefined; now?: number; argv?: readonly string[] }): boolean {
	const argv = opts.argv ?? process.argv;
	const cli = argv[1];
	if (!opts.sessionFile || !cli || !/cli\.js$/.test(cli) || !fs.existsSync(opts.sessionFile)) return false;
	const stamp = path.join(storeDirFor(opts.home, opts.cwd), "last-gc");
	const now = opts.now ?? Date.now();
	let last: number | undefined;
	try {
		last = fs.statSync(stamp).mtimeMs;
	} catch {
		last = undefined;
	}
	if (last !== undefined && now - last < DAY_MS) return false;
	try {
		for (const dir of [opts.home, path.join(opts.home, "checkpoints"), path.dirname(stamp)]) privateDir(dir);
		fs.writeFileSync(stamp, `${new Date(now).toISOString()}\n`, { mode: 0o600 });
	} catch {
		return false;
	}
	if (last === undefined) return false;
	const child = spawn(process.execPath, [cli, "checkpoints", opts.sessionFile, "--gc"], { detached: true, stdio: "ignore", env: { ...childEnvironment(), ARBOR_HOME: opts.home } });
	child.on("error", () => {});
	child.unref();
	return true;
}
