/**
 * globalSetup of both test configs: every temp folder a test, a child process or a browser makes goes
 * under one folder of this run (TMPDIR, which os.tmpdir() and the CLI's children read), removed when
 * the run ends — a test that forgets its folder, or a run stopped half-way, leaves nothing in /tmp
 * behind the next run. tmux keeps its sockets where it always does (TMUX_TMPDIR, not TMPDIR).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function tempRoot(): () => void {
	// Each project of vitest.config.ts runs the global setup again: the first one makes the folder.
	if (process.env.ARBOR_TEST_TMP) return () => {};
	const root = mkdtempSync(join(tmpdir(), "arbor-t-"));
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
