import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootId, processStart } from "../../source/session/lock-holder.js";
import { SessionStore } from "../../source/session/store.js";
import { SessionError } from "../../source/session/types.js";
import { waitFor } from "../helpers/wait-for.js";
import { HEADER, entry, tempDir, writeJsonl } from "./helpers.js";

const HAS_PROC = processStart(process.pid) !== undefined;
let dir: string;
let file: string;
let sleeper: ChildProcess | undefined;
beforeEach(() => {
	dir = tempDir();
	file = path.join(dir, "s.jsonl");
	writeJsonl(file, [HEADER, entry("a1", null)]);
});
afterEach(() => {
	sleeper?.kill();
	sleeper = undefined;
	fs.rmSync(dir, { recursive: true, force: true });
});

/** A live process that is not arbor (what a reused pid points at after a crash or reboot). */
async function liveStranger(): Promise<number> {
	sleeper = spawn("sleep", ["300"], { stdio: "ignore" });
	const pid = sleeper.pid as number;
	await waitFor(() => processStart(pid) !== undefined || !HAS_PROC, { what: "sleep to start" });
	return pid;
}

const lockWith = (info: object) => fs.writeFileSync(`${file}.lock`, JSON.stringify({ hostname: os.hostname(), ...info }));
const lockText = () => fs.readFileSync(`${file}.lock`, "utf8");
const lockFiles = () => fs.readdirSync(dir).filter((f) => f !== "s.jsonl");

/**
 * Opens the session for writing over the stale lock written before `since`: the lock file then
 * names this process whole — pid, host, a start time of now, its /proc start time and boot id — and
 * closing the store removes it, leaving no other file.
 */
function takeOver(since: number): void {
	const store = SessionStore.open(file, { write: true });
	const held = JSON.parse(lockText());
	expect(held).toEqual({ pid: process.pid, hostname: os.hostname(), startedAt: expect.any(String), procStart: processStart(process.pid), bootId: bootId() });
	expect(Date.parse(held.startedAt)).toBeGreaterThanOrEqual(since);
	expect(lockFiles()).toEqual(["s.jsonl.lock"]);
	store.close();
	expect(lockFiles()).toEqual([]);
}

describe.skipIf(!HAS_PROC)("stale locks: a live pid is not enough (Linux /proc start times)", () => {
	it("a live process with another start time (pid reused) holds nothing: taken over, no leftovers", async () => {
		const pid = await liveStranger();
		const since = Date.now();
		lockWith({ pid, startedAt: new Date(since - 1000).toISOString(), procStart: "1", bootId: bootId() });
		takeOver(since);
	});

	it("a lock from an earlier boot is stale even though its pid is alive now", async () => {
		const pid = await liveStranger();
		const since = Date.now();
		lockWith({ pid, startedAt: new Date(since - 1000).toISOString(), procStart: processStart(pid), bootId: "another-boot" });
		takeOver(since);
	});

	it("the real holder (pid and start time match) keeps its lock", async () => {
		const pid = await liveStranger();
		lockWith({ pid, startedAt: "2026-01-01T00:00:00.000Z", procStart: processStart(pid), bootId: bootId() });
		const before = lockText();
		expect(() => SessionStore.open(file, { write: true })).toThrow(
			new SessionError("locked", `session ${file} is locked by process ${pid} since 2026-01-01T00:00:00.000Z (another arbor is writing it)`),
		);
		expect(lockText()).toBe(before);
	});

	it("an old-style lock (no start time) whose pid started after the lock was written is stale", async () => {
		const pid = await liveStranger();
		lockWith({ pid, startedAt: "2020-01-01T00:00:00.000Z" });
		takeOver(Date.now());
	});

	it("when arbor cannot tell (pid 1, no times: the `started undefined` case), the message says which file to delete", () => {
		lockWith({ pid: 1 });
		const before = lockText();
		expect(() => SessionStore.open(file, { write: true })).toThrow(
			new SessionError("locked", `session ${file} is locked by process 1; arbor cannot tell whether it still runs — if no arbor is using this session, it is safe to delete ${file}.lock`),
		);
		expect(lockFiles()).toEqual(["s.jsonl.lock"]);
		expect(lockText()).toBe(before);
	});
});

describe("stale-lock takeover is atomic across real processes", () => {
	let bundle: string;
	let bundleDir: string;
	beforeAll(() => {
		bundleDir = tempDir();
		bundle = path.join(bundleDir, "store.mjs");
		buildSync({ entryPoints: [path.resolve("source/session/store.ts")], bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "silent" });
	});
	afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

	/** Children that all start at `go`, open for writing, report, and hold a won lock until `done`. */
	const CHILD = (file: string, go: string, done: string) => `
import * as fs from "node:fs";
import { SessionStore } from ${JSON.stringify(pathToFileURL(bundle).href)};
const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
fs.writeFileSync(${JSON.stringify(go)} + ".ready." + process.pid, "");
while (!fs.existsSync(${JSON.stringify(go)})) nap(1);
let store;
try { store = SessionStore.open(${JSON.stringify(file)}, { write: true }); process.stdout.write("won\\n"); }
catch (error) { process.stdout.write("lost " + error.code + "\\n"); }
while (store && !fs.existsSync(${JSON.stringify(done)})) nap(2);
store?.close();`;

	it("8 processes that all find the same stale lock: exactly one wins, every round (4 rounds)", async () => {
		const rounds = 4;
		const children = 8;
		for (let round = 0; round < rounds; round++) {
			const go = path.join(dir, `go${round}`);
			const done = path.join(dir, `done${round}`);
			lockWith({ pid: 999_999_999, startedAt: "2020-01-01T00:00:00.000Z" }); // no such process
			const outputs: string[] = Array(children).fill("");
			const exits = Array.from({ length: children }, (_, i) => {
				const child = spawn(process.execPath, ["--input-type=module", "-e", CHILD(file, go, done)], { stdio: ["ignore", "pipe", "inherit"] });
				child.stdout.on("data", (d) => (outputs[i] += d));
				return new Promise<number | null>((resolve) => child.on("close", resolve));
			});
			await waitFor(() => fs.readdirSync(dir).filter((f) => f.startsWith(`go${round}.ready.`)).length === children, { what: "children ready", timeoutMs: 20_000 });
			fs.writeFileSync(go, "");
			await waitFor(() => outputs.every((o) => o.endsWith("\n")), { what: "every child to report", timeoutMs: 20_000 });
			fs.writeFileSync(done, "");
			expect(await Promise.all(exits)).toEqual(Array(children).fill(0));
			expect(outputs.filter((o) => o === "won\n")).toHaveLength(1);
			expect(outputs.filter((o) => o === "lost locked\n")).toHaveLength(children - 1);
			expect(fs.readdirSync(dir).filter((f) => f.includes(".lock"))).toEqual([]);
		}
	});
});
