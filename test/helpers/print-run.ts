import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli, type CliRun } from "./cli.js";
import { toolCallReply, type Script } from "./sse-server.js";
import { waitFor } from "./wait-for.js";

/** A fresh project folder and an empty ARBOR_HOME inside it. */
export function place(prefix = "arbor-print-"): { cwd: string; home: string } {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	return { cwd: dir, home: join(dir, "home") };
}

/** The flags that point print mode at the local SSE server. */
export const model = (url: string): string[] => ["--model", "compat:test-model", "--base-url", url];

/** Every session file under `home`. */
export function sessionFiles(home: string): string[] {
	const root = join(home, "sessions");
	// Only sessions: a folder also holds arbor's `.arbor-worked.json` once a session was opened to work in.
	return readdirSync(root).flatMap((d) => readdirSync(join(root, d)).filter((f) => f.endsWith(".jsonl")).map((f) => join(root, d, f)));
}

/** The parsed lines of a session file (header first). */
export const entries = (file: string): any[] =>
	readFileSync(file, "utf8")
		.split("\n")
		.filter(Boolean)
		.map((l) => JSON.parse(l));

/** The messages a request sent, without the system prompt. */
export const sentMessages = (body: any): any[] => body.messages.filter((m: { role: string }) => m.role !== "system");

/** True once `pid` no longer runs (gone, or a zombie waiting to be reaped). */
export function stopped(pid: number): boolean {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
	} catch {
		// No /proc entry: the process is gone.
		return true;
	}
}

/** The model's first step: a bash call that starts `sleep <seconds>` in the background, writes its pid to sleep.pid and waits. */
export const sleeperCall = (seconds: number): Script =>
	toolCallReply([{ id: "c1", name: "bash", args: { command: `sleep ${seconds} & echo $! > sleep.pid; wait` } }]);

/**
 * `arbor -p` with the bash tool against `url` (whose first reply is {@link sleeperCall}), once the
 * command's sleep runs: the run, arbor's pid and the sleep's pid.
 */
export async function printRunWithSleeper(url: string): Promise<{ running: Promise<CliRun>; pid: number; sleepPid: number; cwd: string; home: string }> {
	const { cwd, home } = place();
	let pid = -1;
	const running = runCli(["-p", ...model(url), "--tools", "bash", "wait a lot"], { cwd, env: { ARBOR_HOME: home }, onSpawn: (p) => (pid = p) });
	const sleepPid = await waitFor(() => {
		const text = existsSync(join(cwd, "sleep.pid")) ? readFileSync(join(cwd, "sleep.pid"), "utf8").trim() : "";
		return text ? Number(text) : undefined;
	}, { what: "the sleep pid" });
	return { running, pid, sleepPid, cwd, home };
}
