import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bashTool } from "../../source/tools/bash.js";
import { waitFor } from "../helpers/wait-for.js";
import { makeTree, removeTree } from "./fixture.js";

let dir = "";
const cleanup: string[] = [];
afterEach(() => {
	for (const f of cleanup.splice(0)) fs.rmSync(f, { force: true });
	removeTree(dir);
});

/** Gone = no such process, or a zombie nobody reaped yet (PID 1 in a container may not reap). */
function isGone(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
		throw error;
	}
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
		return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
		throw error;
	}
}

const readPid = (file: string) => Number(fs.readFileSync(file, "utf8").trim());

describe("bashTool", () => {
	it("runs in cwd and reports exit code 0", async () => {
		dir = makeTree();
		const r = await bashTool({ command: "pwd; echo hi" }, { cwd: dir });
		expect(r.output).toBe(`${dir}\nhi\nexit code 0`);
		expect(r.isError).toBe(false);
		expect(r.details).toEqual({ exitCode: 0, signal: null, timedOut: false, cancelled: false, truncated: false });
	});

	it("returns (not throws) a non-zero exit with stderr in the output", async () => {
		dir = makeTree();
		const r = await bashTool({ command: "echo oops >&2; exit 3" }, { cwd: dir });
		expect(r.output).toBe("oops\nexit code 3");
		expect(r.isError).toBe(true);
		expect(r.details?.exitCode).toBe(3);
		expect((await bashTool({ command: "true" }, { cwd: dir })).output).toBe("(no output)\nexit code 0");
	});

	it("keeps the last 2000 lines and writes the full output to a temp file", async () => {
		dir = makeTree();
		const r = await bashTool({ command: "seq 1 3000" }, { cwd: dir });
		const file = r.details?.fullOutputPath ?? "";
		cleanup.push(file);
		const tail = Array.from({ length: 2000 }, (_, i) => String(1001 + i)).join("\n");
		expect(r.output).toBe(
			`[output truncated: showing the last 2000 of 3000 lines; full output in ${file}]\n${tail}\nexit code 0`,
		);
		expect(fs.readFileSync(file, "utf8")).toBe(Array.from({ length: 3000 }, (_, i) => `${i + 1}\n`).join(""));
	});

	it("keeps the last ~50 KB of long lines, starting at a line boundary", async () => {
		dir = makeTree();
		const r = await bashTool({ command: "for i in $(seq 1 1000); do printf '%099d\\n' $i; done" }, { cwd: dir });
		const file = r.details?.fullOutputPath ?? "";
		cleanup.push(file);
		const line = (i: number) => String(i).padStart(99, "0");
		const tail = Array.from({ length: 512 }, (_, k) => line(489 + k)).join("\n");
		expect(r.output).toBe(
			`[output truncated: showing the last 512 of 1000 lines; full output in ${file}]\n${tail}\nexit code 0`,
		);
		expect(fs.statSync(file).size).toBe(100_000);
	});

	it("kills the whole process group on timeout", async () => {
		dir = makeTree();
		const cmd = "echo $$ > bash.pid; sleep 30 & echo $! > sleep.pid; echo started; wait";
		const r = await bashTool({ command: cmd, timeout: 0.5 }, { cwd: dir });
		expect(r.output).toBe("started\ntimed out after 0.5s");
		expect(r.isError).toBe(true);
		expect(r.details).toMatchObject({ timedOut: true, cancelled: false, exitCode: null, signal: "SIGKILL" });
		const sleepPid = readPid(path.join(dir, "sleep.pid"));
		const bashPid = readPid(path.join(dir, "bash.pid"));
		await waitFor(() => isGone(sleepPid) && isGone(bashPid), { what: "process group to die" });
	});

	it("kills the group when the abort signal fires and reports cancelled", async () => {
		dir = makeTree();
		const ctrl = new AbortController();
		const cmd = "sleep 30 & echo $! > sleep.pid; wait";
		const running = bashTool({ command: cmd }, { cwd: dir, signal: ctrl.signal });
		const pidFile = path.join(dir, "sleep.pid");
		await waitFor(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").endsWith("\n"));
		ctrl.abort();
		const r = await running;
		expect(r.output).toBe("(no output)\ncancelled");
		expect(r.details).toMatchObject({ cancelled: true, timedOut: false });
		await waitFor(() => isGone(readPid(pidFile)), { what: "sleep to die" });
		await expect(bashTool({ command: "echo no" }, { cwd: dir, signal: ctrl.signal })).rejects.toThrow("cancelled");
	});

	it("returns when bash exits even if a background child still holds the pipe", async () => {
		dir = makeTree();
		const r = await bashTool({ command: "sleep 30 & echo $! > bg.pid; echo done" }, { cwd: dir });
		const pid = readPid(path.join(dir, "bg.pid"));
		process.kill(pid, "SIGKILL");
		expect(r.output).toBe("done\nexit code 0");
	});
});
