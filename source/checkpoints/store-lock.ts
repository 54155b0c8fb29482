/**
 * One writer at a time in a project's checkpoint store, across processes: two arbor sessions in one
 * project share its git index, and two `git add`s at once fail (index.lock) or mix their trees. The
 * lock is the session lock's file (`<store>/store.lock`, a stale one taken over); a live holder is
 * waited for.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { acquireLock, type LockHandle } from "../session/lock.js";
import { SessionError } from "../session/types.js";

/** How long a snapshot or restore waits for another process's before it gives up. */
const PATIENCE_MS = 120_000;

/** Runs `work` holding the lock of the store in `storeDir`, waiting while another process holds it. */
export async function withStoreLock<T>(storeDir: string, work: () => Promise<T>): Promise<T> {
	fs.mkdirSync(storeDir, { recursive: true });
	const handle = await acquire(path.join(storeDir, "store"));
	try {
		return await work();
	} finally {
		handle.release();
	}
}

async function acquire(file: string): Promise<LockHandle> {
	const until = Date.now() + PATIENCE_MS;
	for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
		try {
			return acquireLock(file);
		} catch (error) {
			if (!(error instanceof SessionError) || error.code !== "locked") throw error;
			if (Date.now() > until) throw new Error(`the checkpoint store ${path.dirname(file)} stayed busy for ${PATIENCE_MS / 1000} s (${error.message.replace(/^session \S+ /, "")})`, { cause: error });
		}
		await new Promise((resolve) => setTimeout(resolve, wait));
	}
}
