import * as fs from "node:fs";
import * as os from "node:os";
import { SessionError } from "./types.js";

/** What a lock file holds, so a second writer can name the owner and spot a dead one. */
export type LockInfo = { pid: number; hostname: string; startedAt: string };

/** A held writer lock. `release` is idempotent. */
export type LockHandle = { readonly path: string; release(): void };

const held = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// A crash-free exit without close() must not leave a lock behind that blocks the next run.
	process.on("exit", () => {
		for (const path of held) fs.rmSync(path, { force: true });
		held.clear();
	});
}

/**
 * Take the writer lock `<file>.lock`, or throw SessionError("locked") naming the holder.
 * A lock left by a dead process on this host (or an unreadable lock file) is taken over.
 */
export function acquireLock(file: string): LockHandle {
	const path = `${file}.lock`;
	if (!tryCreate(path)) {
		const info = readLock(path);
		if (info && !isStale(info, path)) {
			throw new SessionError(
				"locked",
				`session ${file} is locked by process ${info.pid}${info.hostname === os.hostname() ? "" : ` on ${info.hostname}`} (started ${info.startedAt})`,
			);
		}
		fs.rmSync(path, { force: true });
		if (!tryCreate(path)) {
			const winner = readLock(path);
			throw new SessionError("locked", `session ${file} is locked by process ${winner?.pid ?? "unknown"}`);
		}
	}
	held.add(path);
	installExitHook();
	return {
		path,
		release() {
			if (!held.delete(path)) return;
			fs.rmSync(path, { force: true });
		},
	};
}

/**
 * Create the lock with its content in one step: write a private temp file, then hard-link it to
 * the lock name (fails if it exists). A reader therefore never sees a half-written lock.
 */
function tryCreate(path: string): boolean {
	const info: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
	const temp = `${path}.${process.pid}.tmp`;
	fs.writeFileSync(temp, JSON.stringify(info), { mode: 0o600 });
	try {
		fs.linkSync(temp, path);
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
		throw error;
	} finally {
		fs.rmSync(temp, { force: true });
	}
}

function readLock(path: string): LockInfo | undefined {
	try {
		const value = JSON.parse(fs.readFileSync(path, "utf8")) as Partial<LockInfo>;
		if (typeof value.pid === "number" && typeof value.hostname === "string") {
			return { pid: value.pid, hostname: value.hostname, startedAt: String(value.startedAt) };
		}
		return undefined;
	} catch (error) {
		// Vanished meanwhile (owner released it) or garbage: either way nobody valid holds it.
		if ((error as NodeJS.ErrnoException).code === "ENOENT" || error instanceof SyntaxError) return undefined;
		throw error;
	}
}

function isStale(info: LockInfo, path: string): boolean {
	if (info.hostname !== os.hostname()) return false; // cannot check a process on another machine
	if (info.pid === process.pid) return !held.has(path);
	try {
		process.kill(info.pid, 0);
		return false;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "ESRCH";
	}
}
