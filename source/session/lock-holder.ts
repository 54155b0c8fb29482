import * as fs from "node:fs";
import * as os from "node:os";
import { errnoCode } from "../text/error-text.js";

/** What a lock file holds, so a second writer can name the owner and tell a stale lock. */
export type LockInfo = {
	pid: number;
	hostname: string;
	/** When the lock was taken (ISO). */
	startedAt: string;
	/** The holder's start time in clock ticks since boot (Linux: field 22 of /proc/<pid>/stat). */
	procStart?: string;
	/** The boot the holder ran in (Linux: /proc/sys/kernel/random/boot_id). */
	bootId?: string;
};

/**
 * Whether the process a lock names still holds it: `alive` (it is the holder), `dead` (no such
 * process, another boot, or a different process that reuses the pid), `unknown` (another host,
 * or no /proc to compare start times: the user must decide).
 */
export type HolderState = "alive" | "dead" | "unknown";

/** Ticks per second of /proc start times (USER_HZ: 100 on every mainstream Linux ABI). */
const USER_HZ = 100;

function readProc(path: string): string | undefined {
	try {
		return fs.readFileSync(path, "utf8");
	} catch (error) {
		// No /proc (macOS, Windows), or the process is gone: the caller treats both as "cannot tell".
		if (errnoCode(error) === undefined) throw error;
		return undefined;
	}
}

/** Field 22 (starttime) of /proc/<pid>/stat; the name in field 2 may contain spaces and parens. */
export function processStart(pid: number): string | undefined {
	const stat = readProc(`/proc/${pid}/stat`);
	if (stat === undefined) return undefined;
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return fields[19]; // fields[0] is field 3 (state)
}

let boot: string | undefined | null = null;
/** This boot's id, or undefined without /proc. */
export function bootId(): string | undefined {
	if (boot === null) boot = readProc("/proc/sys/kernel/random/boot_id")?.trim();
	return boot;
}

/** This process as a lock holder. */
export function currentHolder(): LockInfo {
	const info: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
	const start = processStart(process.pid);
	const id = bootId();
	if (start !== undefined) info.procStart = start;
	if (id !== undefined) info.bootId = id;
	return info;
}

/**
 * Is the holder a lock names still running? A live pid alone proves nothing after a crash or a
 * reboot (pids are reused), so the recorded start time must match too. A lock without one (older
 * arbor, or written without /proc) is still judged stale when the process with that pid started
 * after the lock was written.
 */
export function holderState(info: LockInfo): HolderState {
	if (info.hostname !== os.hostname()) return "unknown";
	try {
		process.kill(info.pid, 0);
	} catch (error) {
		if (errnoCode(error) === "ESRCH") return "dead";
		if (errnoCode(error) !== "EPERM") throw error;
	}
	if (info.bootId !== undefined && bootId() !== undefined && info.bootId !== bootId()) return "dead";
	const start = processStart(info.pid);
	if (start === undefined) return "unknown";
	if (info.procStart !== undefined) return info.procStart === start ? "alive" : "dead";
	return startedAfter(start, info.startedAt) ? "dead" : "unknown";
}

/** True when a process that started at `ticks` after boot began more than 2 s after `iso`. */
function startedAfter(ticks: string, iso: string): boolean {
	const taken = Date.parse(iso);
	const btime = /^btime (\d+)$/m.exec(readProc("/proc/stat") ?? "")?.[1];
	if (Number.isNaN(taken) || btime === undefined) return false;
	const startedMs = (Number(btime) + Number(ticks) / USER_HZ) * 1000;
	return startedMs > taken + 2000;
}
