import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { hashTree } from "../checkpoints/helpers.js";
import { waitFor } from "../helpers/wait-for.js";
import { entryLines, git, handSession, worldPerTest, preReceive, sessionsOf, type Side } from "./world.js";

const w = worldPerTest();

const sessionsFolder = (s: Side) => (fs.existsSync(path.join(s.home, "sessions")) ? hashTree(path.join(s.home, "sessions")) : {});

async function failsWith(s: Side, args: string[], code: number, pattern: RegExp): Promise<void> {
	const before = sessionsFolder(s);
	const run = await w.cli(s, ["sync", ...args]);
	expect(run.code).toBe(code);
	expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
	expect(run.stderr).toMatch(pattern);
	expect(sessionsFolder(s)).toEqual(before);
}

async function synced(s: Side): Promise<string> {
	const run = await w.cli(s, ["sync"]);
	expect([run.code, run.stderr]).toEqual([0, ""]);
	return run.stdout;
}

describe("arbor sync when something is wrong", () => {
	it("outside a git work tree, or naming a remote the repository lacks (flag or settings' sync.remote): exit 2", async () => {
		const outside: Side = { ...w.a, cwd: path.join(w.root, "laptop") };
		await failsWith(outside, [], 2, /^arbor: not a git work tree/);
		await failsWith(w.a, ["--remote", "upstream"], 2, /^arbor: no such remote: upstream/);
		fs.mkdirSync(w.a.home, { recursive: true });
		fs.writeFileSync(path.join(w.a.home, "settings.json"), JSON.stringify({ sync: { remote: "backup" } }));
		await failsWith(w.a, [], 2, /^arbor: no such remote: backup/);
		git(w.a.cwd, "remote", "add", "backup", w.remote);
		expect(await synced(w.a)).toMatch(/^Nothing to sync with backup/);
	});

	it("a remote that is missing, or a network that is down: exit 1 with git's reason, nothing changed", async () => {
		handSession(w.b, "from the desktop");
		await synced(w.b);
		handSession(w.a);
		await failsWith(w.a, ["--remote", path.join(w.root, "gone.git")], 1, /^arbor: git ls-remote failed: .*gone\.git/);
		await failsWith(w.a, ["--remote", "http://127.0.0.1:1/proj.git"], 1, /^arbor: git ls-remote failed: .*127\.0\.0\.1/);
		expect(sessionsOf(w.a)).toHaveLength(1);
		await synced(w.a);
		expect(sessionsOf(w.a)).toHaveLength(2);
	});

	it("a push the remote rejects: exit 1, no local file changed, the next sync works", async () => {
		handSession(w.b, "from the desktop");
		await synced(w.b);
		handSession(w.a);
		preReceive(w.remote, 'echo "this remote is read-only" >&2; exit 1');
		await failsWith(w.a, [], 1, /^arbor: git push failed: \[remote rejected\] .*refs\/arbor\/sessions\/.*\(pre-receive hook declined\); remote: this remote is read-only$/m);
		preReceive(w.remote, null);
		expect(await synced(w.a)).toMatch(/1 entries|2 entries sent, 2 fetched/);
		expect(sessionsOf(w.a)).toHaveLength(2);
	});

	it("a damaged ref on the remote: exit 1 naming it, nothing changed; once it is gone the next sync works", async () => {
		handSession(w.a);
		const blob = execFileSync("git", ["--git-dir", w.remote, "hash-object", "-w", "--stdin"], { input: "not a session\n" }).toString().trim();
		const ref = "refs/arbor/sessions/00000000-0000-4000-8000-000000000000";
		git(w.remote, "update-ref", ref, blob);
		await failsWith(w.a, [], 1, /^arbor: refs\/arbor\/sessions\/00000000-0000-4000-8000-000000000000 is damaged: it names no session commit/);
		git(w.remote, "update-ref", "-d", ref);
		expect(await synced(w.a)).toMatch(/^Synced with origin: 2 entries sent/);
	});

	it("a session holding a key: the pushed copy has it redacted, and the report names the entry", async () => {
		const key = "sk-sync-test-0123456789abcdef";
		const { file } = handSession(w.a, `my key is ${key}`);
		const run = await w.cli(w.a, ["sync"], { OPENAI_API_KEY: key });
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("keys redacted in entries 0000aaa1");
		expect(fs.readFileSync(file, "utf8")).toContain(key);
		await synced(w.b);
		const [copy] = sessionsOf(w.b);
		expect(fs.readFileSync(copy!, "utf8")).not.toContain(key);
		expect(entryLines(copy!)[0].message.content).toBe("my key is [redacted]");
		expect(execFileSync("git", ["--git-dir", w.remote, "log", "-p", "--all"]).toString()).not.toContain(key);
	});

	it("a session in pi's old format (v2) is left as it is and named, never merged by position", async () => {
		const { file } = handSession(w.a);
		const lines = fs.readFileSync(file, "utf8").split("\n");
		fs.writeFileSync(file, [lines[0]!.replace('"version":3', '"version":2'), ...lines.slice(1)].join("\n"));
		const before = fs.readFileSync(file);
		const run = await w.cli(w.a, ["sync"]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(run.stdout).toContain("left for the next sync (a version 2 session: continue it once with arbor");
		expect(fs.readFileSync(file)).toEqual(before);
		expect(git(w.remote, "for-each-ref", "refs/arbor/")).toBe("");
	});

	it("kill -9 in the middle of a sync, then sync again: nothing lost, nothing twice", async () => {
		handSession(w.b, "from the desktop");
		await synced(w.b);
		const mine = handSession(w.a);
		const fifo = path.join(w.root, "hold");
		execFileSync("mkfifo", [fifo]);
		preReceive(w.remote, `touch "${w.root}/started"; read x < "${fifo}"; exit 1`);
		let pid = -1;
		const running = w.cli(w.a, ["sync"], {}, (p) => (pid = p));
		await waitFor(() => fs.existsSync(path.join(w.root, "started")), { what: "the push to reach the remote" });
		process.kill(pid, "SIGKILL");
		expect((await running).signal).toBe("SIGKILL");
		fs.writeFileSync(fifo, "go\n");
		preReceive(w.remote, null);
		await synced(w.a);
		await synced(w.b);
		for (const s of [w.a, w.b]) {
			expect(sessionsOf(s)).toHaveLength(2);
			for (const file of sessionsOf(s)) {
				const ids = entryLines(file).map((e) => e.id);
				expect(new Set(ids).size).toBe(ids.length);
				expect(ids).toEqual(["0000aaa1", "0000aaa2"]);
			}
		}
		expect(fs.readFileSync(mine.file, "utf8").split("\n")).toHaveLength(4);
	});
});
