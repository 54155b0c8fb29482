import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import { writeFailure } from "./io-errors.js";
import { type HolderState, type LockInfo, currentHolder, holderState } from "./lock-holder.js";
import { SessionError } from "./types.js";
import { errnoCode } from "../text/error-text.js";

export type { LockInfo } from "./lock-holder.js";

/** A held writer lock. `release` is idempotent. */
export type LockHandle = { readonly path: string; release(): void };

/** A lock file as read: its parsed content (undefined when garbage) and an identity of this instance. */
type Seen = { info?: LockInfo; identity: string };

/** Lock path → the exact bytes we wrote, so we never remove a lock someone else took over. */
const held = new Map<string, string>();
let exitHookInstalled = false;

function installExitHook(): void {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// A crash-free exit without close() must not leave a lock behind that blocks the next run.
	process.on("exit", () => {
		for (const path of [...held.keys()]) releasePath(path);
	});
}

/**
 * Take the writer lock `<file>.lock`, or throw SessionError("locked") naming the holder (and,
 * when arbor cannot tell whether it still runs, the lock's path to delete). A stale lock (dead
 * holder, another boot, a reused pid, garbage) is taken over atomically: of several processes
 * that judge it stale at once exactly one wins. Folder or file not writable, full disk, a
 * directory in the lock's place: SessionError("unwritable") naming the session and the cause.
 */
export function acquireLock(file: string): LockHandle {
	const path = `${file}.lock`;
	const content = JSON.stringify(currentHolder());
	const temp = `${path}.${process.pid}.tmp`;
	try {
		fs.writeFileSync(temp, content, { mode: 0o600 });
		for (let attempt = 0; attempt < 8; attempt++) {
			if (linkNew(temp, path)) return own(path, content);
			const seen = readLock(path, file);
			if (!seen) continue; // released meanwhile: try again
			const state = seen.info ? stateOf(seen.info, path) : "dead"; // garbage holds nothing
			if (state !== "dead") throw lockedError(file, path, seen.info as LockInfo, state);
			if (takeOver(path, temp, seen, file)) return own(path, content);
			pause(attempt); // another process is taking it over right now: let it finish
		}
		throw new SessionError("locked", `session ${file} is locked: ${path} kept changing while arbor tried to take it`);
	} catch (error) {
		throw writeFailure(file, "lock", error);
	} finally {
		fs.rmSync(temp, { force: true });
	}
}

/** A few milliseconds, growing; only reached while another process is mid-takeover. */
function pause(attempt: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2 ** attempt);
}

function stateOf(info: LockInfo, path: string): HolderState {
	if (info.pid === process.pid && info.hostname === os.hostname()) return held.has(path) ? "alive" : "dead";
	return holderState(info);
}

function lockedError(file: string, path: string, info: LockInfo, state: HolderState): SessionError {
	const where = info.hostname === os.hostname() ? "" : ` on ${info.hostname}`;
	const since = typeof info.startedAt === "string" && info.startedAt !== "undefined" ? ` since ${info.startedAt}` : "";
	const who = `session ${file} is locked by process ${info.pid}${where}${since}`;
	if (state === "alive") return new SessionError("locked", `${who} (another arbor is writing it)`);
	return new SessionError("locked", `${who}; arbor cannot tell whether it still runs — if no arbor is using this session, it is safe to delete ${path}`);
}

/** link(2) fails if the name exists, so creating a lock this way is atomic and never half-written. */
function linkNew(from: string, to: string): boolean {
	try {
		fs.linkSync(from, to);
		return true;
	} catch (error) {
		if (errnoCode(error) === "EEXIST") return false;
		throw error;
	}
}

/**
 * Replace the stale lock `seen` with ours. Only the process that creates the claim file named
 * after this lock instance may replace it, so two processes that both judged it stale cannot both
 * win; the claim winner re-reads the lock (it must still be `seen`) and renames ours over it. A
 * claim whose maker died mid-takeover is claimed one level deeper, never deleted under a rival.
 */
function takeOver(path: string, temp: string, seen: Seen, file: string): boolean {
	const claims: string[] = [];
	let claim = `${path}.takeover-${seen.identity}`;
	try {
		for (let depth = 0; depth < 4; depth++) {
			if (linkNew(temp, claim)) {
				claims.push(claim);
				const now = readLock(path, file);
				if (now?.identity !== seen.identity) return false; // changed meanwhile: start over
				fs.renameSync(temp, path);
				return true;
			}
			const rival = readLock(claim, file);
			if (!rival) continue; // that taker just finished: the lock has changed
			if (rival.info && stateOf(rival.info, claim) !== "dead") return false;
			claims.push(claim);
			claim = `${claim}-${rival.identity}`;
		}
		return false;
	} finally {
		for (const c of claims) fs.rmSync(c, { force: true });
	}
}

function own(path: string, content: string): LockHandle {
	held.set(path, content);
	installExitHook();
	return { path, release: () => releasePath(path) };
}

/** Remove our lock, unless someone else's lock is in its place now. */
function releasePath(path: string): void {
	const content = held.get(path);
	if (content === undefined) return;
	held.delete(path);
	let current: string;
	try {
		current = fs.readFileSync(path, "utf8");
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		return; // gone already, or unreadable: nothing we could prove is ours
	}
	if (current === content) fs.rmSync(path, { force: true });
}

/** Read a lock; undefined when it vanished. A directory in its place is an error naming the session. */
function readLock(path: string, file: string): Seen | undefined {
	let raw: Buffer;
	let ino: number;
	try {
		const fd = fs.openSync(path, "r");
		try {
			const stat = fs.fstatSync(fd);
			if (stat.isDirectory()) throw new SessionError("unwritable", `cannot lock session ${file}: ${path} is a directory, not a lock file (move it away)`);
			ino = stat.ino;
			raw = fs.readFileSync(fd);
		} finally {
			fs.closeSync(fd);
		}
	} catch (error) {
		if (errnoCode(error) === "ENOENT") return undefined;
		throw error;
	}
	const identity = createHash("sha256").update(raw).update(`:${ino}`).digest("hex").slice(0, 16);
	return { info: parseInfo(raw), identity };
}

function parseInfo(raw: Buffer): LockInfo | undefined {
	try {
		const value = JSON.parse(raw.toString("utf8")) as Partial<LockInfo>;
		if (typeof value.pid !== "number" || typeof value.hostname !== "string") return undefined;
		return { ...value, startedAt: String(value.startedAt) } as LockInfo;
	} catch (error) {
		if (error instanceof SyntaxError) return undefined; // garbage: nobody valid holds it
		throw error;
	}
}
