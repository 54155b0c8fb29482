/**
 * The OS sandbox bash commands may run in (docs/fanout.md): on Linux bubblewrap (`bwrap`) — the
 * file system read-only but for the writable folders and a private temp folder, the home's secrets
 * (`~/.ssh`, `~/.aws`, `~/.config/gh`) and `$ARBOR_HOME` (its keys and settings) hidden, the network
 * off unless allowed; on macOS `sandbox-exec` with the same rules (untested). A wrapper turns the
 * argv of `bash …` into the argv that starts it inside.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { CommandWrapper } from "../tools/bash.js";
import { childEnvironment } from "../text/secrets.js";
import { seatbeltProfile } from "./seatbelt.js";

/** What a sandboxed command may do. */
type SandboxRules = {
	/** Folders it may write (the project, or a branch's copy). */
	writable: readonly string[];
	/** Its private temp folder (created; TMPDIR points there). */
	tmp: string;
	/** arbor's home: hidden, but for writable folders inside it. */
	arborHome: string;
	/** The user's home whose secrets are hidden (default: HOME). */
	home?: string;
	/** Open the network (default: off). */
	allowNet?: boolean;
};

/** The secrets of a home no sandboxed command may read. */
function secretPaths(home: string): string[] {
	return [".ssh", ".aws", path.join(".config", "gh"), ".gnupg", ".netrc"].map((p) => path.join(home, p));
}

/** Why no sandbox can run here, or undefined when one can (asked once per process). */
export function sandboxUnavailable(): string | undefined {
	probed ??= probe();
	return probed === "" ? undefined : probed;
}
let probed: string | undefined;

function probe(): string {
	if (process.platform === "darwin") return fs.existsSync("/usr/bin/sandbox-exec") ? "" : "sandbox-exec was not found";
	if (process.platform !== "linux") return `no sandbox on ${process.platform}`;
	const run = spawnSync(bwrapPath(), ["--ro-bind", "/", "/", "--unshare-net", "--dev", "/dev", "true"], { env: childEnvironment(), stdio: ["ignore", "ignore", "pipe"], timeout: 10_000 });
	if (run.error) return (run.error as NodeJS.ErrnoException).code === "ENOENT" ? "bubblewrap (bwrap) is not installed (Debian/Ubuntu: apt install bubblewrap)" : `bwrap: ${run.error.message}`;
	if (run.status !== 0) return `bwrap cannot make a sandbox here (user namespaces blocked?): ${run.stderr.toString("utf8").trim().split("\n")[0] ?? ""}`;
	return "";
}

function bwrapPath(): string {
	return process.env.ARBOR_BWRAP ?? "bwrap";
}

/** The wrapper that runs commands inside the sandbox under `rules` (see {@link sandboxUnavailable} first). */
export function sandboxedCommand(rules: SandboxRules): CommandWrapper {
	fs.mkdirSync(rules.tmp, { recursive: true, mode: 0o700 });
	if (process.platform === "darwin") {
		const profile = seatbeltProfile({ ...rules, secrets: secretPaths(rules.home ?? os.homedir()) });
		return (argv) => ["/usr/bin/sandbox-exec", "-p", profile, "/usr/bin/env", `TMPDIR=${rules.tmp}`, ...argv];
	}
	const args = bwrapArgs(rules);
	return (argv) => [bwrapPath(), ...args, "--", ...argv];
}

/** bwrap's arguments: later mounts cover earlier ones, so the writable folders come last. */
function bwrapArgs(rules: SandboxRules): string[] {
	const home = rules.home ?? process.env.HOME ?? os.homedir();
	// A fresh /dev (no devices of the host), its shared memory read-only like the rest.
	const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--ro-bind-try", "/dev/shm", "/dev/shm", "--proc", "/proc", "--die-with-parent"];
	for (const secret of [...secretPaths(home), path.resolve(rules.arborHome)]) {
		const stat = lstat(secret);
		if (stat?.isDirectory()) args.push("--tmpfs", secret);
		else if (stat) args.push("--ro-bind", "/dev/null", secret);
	}
	for (const dir of [...rules.writable, rules.tmp]) args.push("--bind", path.resolve(dir), path.resolve(dir));
	if (!rules.allowNet) args.push("--unshare-net");
	args.push("--setenv", "TMPDIR", path.resolve(rules.tmp));
	return args;
}

function lstat(file: string): fs.Stats | undefined {
	try {
		return fs.lstatSync(file);
	} catch {
		return undefined;
	}
}

/**
 * `--sandbox` / `"sandbox": true` for a whole run (the chat, print mode, RPC, ACP): every bash command,
 * the tool's and `!command`'s, in the sandbox with the project (and --add-dir folders) writable.
 * Returns why it cannot (then nothing is set: the caller refuses to start).
 */
export function sandboxTheRun(opts: { writable: readonly string[]; arborHome: string; allowNet?: boolean }, setWrapper: (wrap: CommandWrapper) => void): string | undefined {
	const missing = sandboxUnavailable();
	if (missing) return `--sandbox: no sandbox: ${missing}`;
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-sandbox-"));
	setWrapper(sandboxedCommand({ writable: opts.writable, tmp, arborHome: opts.arborHome, allowNet: opts.allowNet }));
	return undefined;
}
