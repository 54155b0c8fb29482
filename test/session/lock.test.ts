import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { bootId, processStart } from "../../source/session/lock-holder.js";
import { SessionError } from "../../source/session/types.js";
import { HEADER, entry, tempDir, writeJsonl } from "./helpers.js";

let dir: string;
let file: string;
beforeEach(() => {
	dir = tempDir();
	file = path.join(dir, "s.jsonl");
	writeJsonl(file, [HEADER, entry("a1", null)]);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function deadPid(): number {
	const child = spawnSync(process.execPath, ["-e", ""]);
	expect(child.status).toBe(0);
	return child.pid as number;
}

describe("writer lock", () => {
	it("a second writer fails naming the holder; readers still work; released on close", () => {
		const first = SessionStore.open(file, { write: true });
		const info = JSON.parse(fs.readFileSync(`${file}.lock`, "utf8"));
		expect(info).toEqual({ pid: process.pid, hostname: os.hostname(), startedAt: info.startedAt, procStart: processStart(process.pid), bootId: bootId() });
		expect(info.procStart).toMatch(/^\d+$/);
		let error: unknown;
		try {
			SessionStore.open(file, { write: true });
		} catch (e) {
			error = e;
		}
		expect(error).toEqual(new SessionError("locked", `session ${file} is locked by process ${process.pid} since ${info.startedAt} (another arbor is writing it)`));
		expect(SessionStore.open(file).snapshot().leafId).toBe("a1");
		first.close();
		expect(fs.existsSync(`${file}.lock`)).toBe(false);
		const second = SessionStore.open(file, { write: true });
		second.close();
	});

	it("a stale lock (dead pid, same host) is taken over", () => {
		const pid = deadPid();
		fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid, hostname: os.hostname(), startedAt: "2020-01-01T00:00:00.000Z" }));
		const store = SessionStore.open(file, { write: true });
		expect(JSON.parse(fs.readFileSync(`${file}.lock`, "utf8")).pid).toBe(process.pid);
		store.close();
	});

	it("a lock held by a live process on another host is respected; a garbage lock is taken over", () => {
		fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: deadPid(), hostname: "elsewhere", startedAt: "x" }));
		expect(() => SessionStore.open(file, { write: true })).toThrow(
			new SessionError("locked", `session ${file} is locked by process ${JSON.parse(fs.readFileSync(`${file}.lock`, "utf8")).pid} on elsewhere since x; arbor cannot tell whether it still runs — if no arbor is using this session, it is safe to delete ${file}.lock`),
		);
		fs.writeFileSync(`${file}.lock`, "{torn");
		SessionStore.open(file, { write: true }).close();
		expect(fs.existsSync(`${file}.lock`)).toBe(false);
	});

	it("the lock is removed when the process exits without close()", () => {
		const bundle = path.join(dir, "store.mjs");
		buildSync({ entryPoints: [path.resolve("source/session/store.ts")], bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "silent" });
		const script = `import { SessionStore } from ${JSON.stringify(pathToFileURL(bundle).href)};
SessionStore.open(${JSON.stringify(file)}, { write: true });
if (!(await import("node:fs")).existsSync(${JSON.stringify(`${file}.lock`)})) throw new Error("no lock while open");`;
		const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
		expect(run.stderr).toBe("");
		expect(run.status).toBe(0);
		expect(fs.existsSync(`${file}.lock`)).toBe(false);
	});
});
