import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { fixture, tempDir } from "./helpers.js";

/**
 * Faults around the writer lock, through the built CLI: exit 2, one `arbor:` line naming the
 * session file and the cause, no temp file left, the session untouched. Root ignores permission
 * bits, so as root read-only is made with `chattr +i` and a read-only tmpfs; a case that cannot
 * be produced here is skipped with the reason.
 */
const IS_ROOT = process.getuid?.() === 0;
let dir: string;
let file: string;
let undo: (() => void)[] = [];
beforeEach(() => {
	dir = tempDir();
	file = path.join(dir, "s.jsonl");
	fs.copyFileSync(fixture("pi-tree-session.jsonl"), file);
});
afterEach(() => {
	for (const step of undo.reverse()) step();
	undo = [];
	fs.rmSync(dir, { recursive: true, force: true });
});

function tryRun(cmd: string, args: string[]): boolean {
	return spawnSync(cmd, args, { stdio: "ignore" }).status === 0;
}

/** Makes `target` read-only for this process; false when that cannot be done here. */
function makeReadOnly(target: string): boolean {
	if (!IS_ROOT) {
		fs.chmodSync(target, fs.statSync(target).isDirectory() ? 0o555 : 0o444);
		undo.push(() => fs.chmodSync(target, 0o755));
		return true;
	}
	if (!tryRun("chattr", ["+i", target])) return false;
	undo.push(() => execFileSync("chattr", ["-i", target]));
	return true;
}

/** Mounts a tmpfs of `size` on a new folder in `dir`; undefined when mounting is not allowed. */
function mountTmpfs(size: string): string | undefined {
	const at = path.join(dir, "mnt");
	fs.mkdirSync(at);
	if (!IS_ROOT || !tryRun("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", at])) return undefined;
	undo.push(() => execFileSync("umount", [at]));
	return at;
}

async function expectRefused(session: string, cause: RegExp): Promise<void> {
	const before = fs.readFileSync(session);
	const run = await runCli(["label", session, "4b5d6f09", "x"], { env: { ARBOR_HOME: path.join(dir, "home") } });
	expect(run.stdout).toBe("");
	expect(run.stderr).toMatch(new RegExp(`^arbor: cannot (lock|open for writing) session ${session.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `));
	expect(run.stderr).toMatch(cause);
	expect(run.stderr).not.toMatch(/\.tmp|^\s+at /m);
	expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
	expect(run.code).toBe(2);
	expect(fs.readFileSync(session).equals(before)).toBe(true);
	expect(fs.readdirSync(path.dirname(session)).filter((f) => /\.tmp$|\.lock|takeover/.test(f))).toEqual([]);
}

describe("lock faults through the built CLI", () => {
	it("a directory where the lock file goes", async () => {
		fs.mkdirSync(`${file}.lock`);
		const run = await runCli(["label", file, "4b5d6f09", "x"], { env: { ARBOR_HOME: path.join(dir, "home") } });
		expect(run.stderr).toBe(`arbor: cannot lock session ${file}: ${file}.lock is a directory, not a lock file (move it away)\n`);
		expect(run.code).toBe(2);
		expect(fs.readdirSync(dir).sort()).toEqual(["s.jsonl", "s.jsonl.lock"]);
	});

	it("a read-only folder", async (ctx) => {
		if (!makeReadOnly(dir)) ctx.skip(); // root without chattr support on this file system
		await expectRefused(file, IS_ROOT ? /operation not permitted .*\(EPERM\)$/m : /permission denied \(EACCES\)$/m);
	});

	it("a read-only session file (the lock can be taken, the file cannot be opened for appending)", async (ctx) => {
		if (!makeReadOnly(file)) ctx.skip();
		await expectRefused(file, IS_ROOT ? /\(EPERM\)$/m : /\(EACCES\)$/m);
	});

	it("a read-only file system (EROFS)", async (ctx) => {
		const mnt = mountTmpfs("1m");
		if (!mnt) return ctx.skip(); // needs root and permission to mount tmpfs
		const session = path.join(mnt, "s.jsonl");
		fs.copyFileSync(file, session);
		execFileSync("mount", ["-o", "remount,ro", mnt]);
		await expectRefused(session, /read-only file system \(EROFS\)$/m);
	});

	it("a full disk (ENOSPC on a 64k tmpfs): no *.lock.<pid>.tmp left behind", async (ctx) => {
		const mnt = mountTmpfs("64k");
		if (!mnt) return ctx.skip(); // needs root and permission to mount tmpfs
		const session = path.join(mnt, "s.jsonl");
		fs.writeFileSync(session, fs.readFileSync(file).subarray(0, 4000));
		const filler = path.join(mnt, "filler");
		const fd = fs.openSync(filler, "w");
		const block = Buffer.alloc(1024);
		try {
			for (;;) fs.writeSync(fd, block);
		} catch (error) {
			expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
		} finally {
			fs.closeSync(fd);
		}
		await expectRefused(session, /no space left on device \(ENOSPC\)$/m);
		expect(fs.readdirSync(mnt).sort()).toEqual(["filler", "s.jsonl"]);
	});
});
