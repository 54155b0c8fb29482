import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** A temp project folder and an ARBOR_HOME beside it; `done()` removes both. */
export function tempProject(): { cwd: string; home: string; done: () => void } {
	const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-ckpt-")));
	const cwd = path.join(root, "project");
	const home = path.join(root, "home");
	fs.mkdirSync(cwd);
	fs.mkdirSync(home);
	return { cwd, home, done: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** The user's own git repository in `cwd`, with one commit, a stash and an exclude rule. */
export function userRepo(cwd: string): void {
	const git = (...args: string[]) => execFileSync("git", args, { cwd, env: { ...process.env, GIT_AUTHOR_NAME: "u", GIT_AUTHOR_EMAIL: "u@x", GIT_COMMITTER_NAME: "u", GIT_COMMITTER_EMAIL: "u@x" }, stdio: "pipe" });
	git("init", "-q");
	fs.writeFileSync(path.join(cwd, ".gitignore"), "*.log\n");
	fs.writeFileSync(path.join(cwd, "a.txt"), "one\n");
	git("add", "-A");
	git("commit", "-q", "-m", "first");
	fs.writeFileSync(path.join(cwd, "a.txt"), "stashed\n");
	git("stash", "-q");
	fs.writeFileSync(path.join(cwd, ".git", "info", "exclude"), "secret-local/\n");
}

/** Every file under a folder with its bytes' hash, mode and mtime (for "never changed" checks). */
export function hashTree(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	const walk = (d: string) => {
		for (const name of fs.readdirSync(d)) {
			const full = path.join(d, name);
			const stat = fs.lstatSync(full);
			if (stat.isDirectory()) walk(full);
			else out[path.relative(dir, full)] = `${createHash("sha256").update(stat.isSymbolicLink() ? fs.readlinkSync(full) : fs.readFileSync(full)).digest("hex")} ${stat.mode} ${stat.mtimeMs}`;
		}
	};
	walk(dir);
	return out;
}

/** Files of a folder (not .git) with their text, for comparing working trees. */
export function files(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	const walk = (d: string) => {
		for (const name of fs.readdirSync(d)) {
			const full = path.join(d, name);
			const stat = fs.lstatSync(full);
			if (name === ".git" && d === dir) continue;
			if (stat.isDirectory()) walk(full);
			else out[path.relative(dir, full)] = stat.isSymbolicLink() ? `-> ${fs.readlinkSync(full)}` : fs.readFileSync(full, "utf8");
		}
	};
	walk(dir);
	return out;
}
