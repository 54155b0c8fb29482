/** Checkpoints for a chat run (print or interactive): on unless --no-checkpoints or `"checkpoints": false`. */
import type { Settings } from "../config/settings.js";
import type { SessionStoreApi } from "../session/api.js";
import { Checkpointer, type RestoreHooks } from "./checkpointer.js";
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES, DEFAULT_MAX_STORE_BYTES, type CheckpointLimits } from "./store.js";

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
}): Checkpointer | undefined {
	if (opts.flags.checkpoints === false || opts.settings.checkpoints === false) return undefined;
	return Checkpointer.create({ session: opts.session, home: opts.where.home, cwd: opts.where.cwd, limits: checkpointLimits(opts.settings), onNotice: opts.onNotice, hooks: opts.hooks });
}
