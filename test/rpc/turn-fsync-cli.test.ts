import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtCli } from "../helpers/cli.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";
import { cleanUp, tempDir, writeModels } from "./helpers.js";

const STRACE = ["/usr/bin/strace", "/bin/strace"].find((p) => existsSync(p));

afterEach(cleanUp);

/** Three RPC turns under `strace -f` (fsync and write, whole strings: a turn's lines go out in one write): the trace's lines. */
async function tracedTurns(): Promise<string[]> {
	const dir = tempDir();
	const home = join(dir, "home");
	const project = join(dir, "project");
	mkdirSync(home);
	mkdirSync(project);
	const server = await startSseServer([textReply("one"), textReply("two"), textReply("three")]);
	try {
		writeModels(home, server.url);
		const trace = join(dir, "trace");
		const child = spawn(STRACE!, ["-f", "-qq", "-s", "65536", "-e", "trace=fsync,fdatasync,write", "-o", trace, process.execPath, builtCli(), "--mode", "rpc", "-m", "local:m2", "--no-extensions"], {
			cwd: project,
			env: { ...process.env, ARBOR_HOME: home },
			stdio: ["pipe", "pipe", "inherit"],
		});
		let out = "";
		let ended = 0;
		let next: (() => void) | undefined;
		child.stdout.on("data", (d: Buffer) => {
			out += d;
			const count = out.split("\n").filter((l) => l.startsWith('{"type":"agent_end"')).length;
			if (count > ended) {
				ended = count;
				next?.();
			}
		});
		for (let turn = 1; turn <= 3; turn++) {
			const done = new Promise<void>((resolve) => (next = resolve));
			child.stdin.write(`${JSON.stringify({ type: "prompt", message: `ping ${turn}` })}\n`);
			await done;
		}
		const exited = new Promise((resolve) => child.on("exit", resolve));
		child.stdin.end();
		await exited;
		return readFileSync(trace, "utf8").split("\n");
	} finally {
		await server.close();
	}
}

describe.skipIf(!STRACE)("an RPC turn's reply does not wait for the disk (issue 35 item 19)", () => {
	it("the session is fsynced off the main thread between turns, and at the end on it", async () => {
		const lines = await tracedTurns();
		const ends = lines.flatMap((l, i) => (/^\d+ +write\(1, ".*\{\\"type\\":\\"agent_end\\"/.test(l) ? [i] : []));
		expect(ends.length).toBe(3);
		const main = lines[ends[0]!]!.split(" ")[0];
		const fsyncs = (from: number, to: number) => lines.slice(from, to).filter((l) => /^\d+ +f(data)?sync\(/.test(l));
		// Turns 2 and 3 (session and checkpoints already there): their entries are fsynced, by the thread pool, not the main thread.
		const between = fsyncs(ends[0]! + 1, ends[2]!);
		expect(between.length).toBeGreaterThan(0);
		expect(between.filter((l) => l.startsWith(`${main} `))).toEqual([]);
		// Closing still syncs on the main thread before the process ends.
		expect(fsyncs(ends[2]! + 1, lines.length).some((l) => l.startsWith(`${main} `))).toBe(true);
	}, 60_000);
});
