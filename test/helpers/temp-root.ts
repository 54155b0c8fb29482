/**
 * globalSetup of both test configs: every temp folder a test, a child process or a browser makes goes
 * under one folder of this run (TMPDIR, which os.tmpdir() and the CLI's children read), removed when
 * the run ends — a test that forgets its folder, or a run stopped half-way, leaves nothing in /tmp
 * behind the next run. tmux keeps its sockets where it always does (TMUX_TMPDIR, not TMPDIR).
 * The folder is in memory (/dev/shm) where there is one: the store fsyncs every write it makes
 * durable, and on a disk each fsync waits for it (and for whatever else writes to it); in memory the
 * same calls return at once. ARBOR_TEST_TMP_PARENT names another parent (a disk, to see the run there).
 */
import { accessSync, constants, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function tempRoot(): () => void {
	// Each project of vitest.config.ts runs the global setup again: the first one makes the folder.
	if (process.env.ARBOR_TEST_TMP) return () => {};
	const root = mkdtempSync(join(parentFolder(), "arbor-t-"));
	process.env.ARBOR_TEST_TMP = root;
	const before = process.env.TMPDIR;
	process.env.TMPDIR = root;
	return () => {
		delete process.env.ARBOR_TEST_TMP;
		if (before === undefined) delete process.env.TMPDIR;
		else process.env.TMPDIR = before;
		rmSync(root, { recursive: true, force: true, maxRetries: 3 });
	};
}

/** Room the run's files need at most (the generated sessions, git repos, browser profiles). */
const ROOM = 2 * 1024 ** 3;

/**
 * ARBOR_TEST_TMP_PARENT, else /dev/shm when it is a writable folder with room (a container's is often
 * 64 MB), else the OS temp folder.
 */
function parentFolder(): string {
	if (process.env.ARBOR_TEST_TMP_PARENT) return process.env.ARBOR_TEST_TMP_PARENT;
	try {
		accessSync("/dev/shm", constants.W_OK);
		const fs = statfsSync("/dev/shm");
		return fs.bavail * fs.bsize >= ROOM ? "/dev/shm" : tmpdir();
	} catch {
		return tmpdir();
	}
}
