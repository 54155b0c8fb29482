/**
 * One writer at a time in a project's checkpoint store, across processes: two arbor sessions in one
 * project share its git index, and two `git add`s at once fail (index.lock) or mix their trees. The
 * lock is the session lock's file (`<store>/store.lock`, a stale one taken over); a live holder is
 * waited for. Waiters in this process (fan-out branches, a turn's snapshots) queue here and take the
 * lock the moment the one before them lets it go; only a wait for another process polls, woken early
 * when the lock file goes (fs.watch) and at least every few tens of milliseconds.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { acquireLock, type LockHandle } from "../session/lock.js";
import { SessionError } from "../session/types.js";

/** How long a snapshot or restore waits for another process's before it gives up. */
const PATIENCE_MS = 120_000;
/** The longest pause between two tries while another process holds the lock. */
const MAX_PAUSE_MS = 40;

/** This process's waiters, per store: each promise settles when its holder is done. */
const queues = new Map<string, Promise<void>>();

/** Runs `work` holding the lock of the store in `storeDir`, after this process's earlier waiters, waiting while another process holds it. */
export async function withStoreLock<T>(storeDir: string, work: () => Promise<T>): Promise<T> {
	fs.mkdirSync(storeDir, { recursive: true });
	const key = path.resolve(storeDir);
	const before = queues.get(key) ?? Promise.resolve();
	let done = () => {};
	const mine = new Promise<void>((resolve) => (done = resolve));
	queues.set(key, mine);
	try {
		await before;
		const handle = await acquire(path.join(key, "store"));
		try {
			return await work();
		} finally {
			handle.release();
		}
	} finally {
		if (queues.get(key) === mine) queues.delete(key);
		done();
	}
}

async function acquire(file: string): Promise<LockHandle> {
	const until = Date.now() + PATIENCE_MS;
	for (let pause = 2; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
		try {
			return acquireLock(file);
		} catch (error) {
			if (!(error instanceof SessionError) || error.code !== "locked") throw error;
			if (Date.now() > until) throw new Error(`the checkpoint store ${path.dirname(file)} stayed busy for ${PATIENCE_MS / 1000} s (${error.message.replace(/^session \S+ /, "")})`, { cause: error });
		}
		await lockChange(file, pause);
	}
}

/** Resolves when something happens to `<file>.lock` (its holder let it go), or after `ms` at the latest. */
function lockChange(file: string, ms: number): Promise<void> {
	return new Promise((resolve) => {
		let watcher: fs.FSWatcher | undefined;
		const finish = () => {
			clearTimeout(timer);
			watcher?.close();
			resolve();
		};
		const timer = setTimeout(finish, ms);
		const name = `${path.basename(file)}.lock`;
		try {
			watcher = fs.watch(path.dirname(file), (_event, changed) => {
				if (changed === null || changed === name) finish();
			});
			watcher.on("error", () => watcher?.close()); // the timer still ends the wait
			if (!fs.existsSync(`${file}.lock`)) finish(); // let go before the watch began
		} catch {
			watcher = undefined; // no watching here (inotify limits): the timer alone
		}
	});
}
