/**
 * Two machines on one project for the sync tests: a bare repository as the remote, two clones at
 * different paths (`laptop/proj`, `desktop/work/proj`), each with its own ARBOR_HOME and user, the
 * built CLI run in either, and the local model server for turns. Real git, real folders.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { sessionDirFor } from "../../source/session/paths.js";
import { runCli, type CliRun } from "../helpers/cli.js";
import { model } from "../helpers/print-run.js";
import { startSseServer, type Script } from "../helpers/sse-server.js";

export type Side = { name: string; cwd: string; home: string; user: string };

const ident = { GIT_AUTHOR_NAME: "u", GIT_AUTHOR_EMAIL: "u@x", GIT_COMMITTER_NAME: "u", GIT_COMMITTER_EMAIL: "u@x" };

/** git in `cwd` (the test's own calls: never arbor's). */
export function git(cwd: string, ...args: string[]): string {
	return execFileSync("git", args, { cwd, env: { ...process.env, ...ident }, stdio: "pipe" }).toString("utf8").trim();
}

/** A fresh world: the remote, two clones, two homes. */
export function makeWorld() {
	const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-sync-")));
	const remote = path.join(root, "remote.git");
	git(root, "init", "-q", "--bare", "-b", "main", remote);
	const seed = path.join(root, "seed");
	git(root, "init", "-q", "-b", "main", seed);
	fs.writeFileSync(path.join(seed, "readme.txt"), "the project\n");
	git(seed, "add", "-A");
	git(seed, "commit", "-q", "-m", "first");
	git(seed, "push", "-q", remote, "main");
	const side = (name: string, rel: string, user: string): Side => {
		const cwd = path.join(root, name, rel);
		fs.mkdirSync(path.dirname(cwd), { recursive: true });
		git(root, "clone", "-q", "--no-local", remote, cwd); // no hard links: the remote is another machine
		return { name, cwd, home: path.join(root, name, "home"), user };
	};
	const a = side("laptop", "proj", "ann");
	const b = side("desktop", "work/proj", "bob");
	const cli = (s: Side, args: string[], env: Record<string, string> = {}, onSpawn?: (pid: number) => void): Promise<CliRun> =>
		runCli(args, { cwd: s.cwd, env: { ARBOR_HOME: s.home, USER: s.user, ...env }, onSpawn });
	/** One print-mode turn in `s` (new session, or `-s id`) against a server playing `scripts`. */
	const turn = async (s: Side, scripts: Script[], prompt: string, extra: string[] = []): Promise<CliRun> => {
		const server = await startSseServer(scripts);
		try {
			return await cli(s, ["-p", ...model(server.url), "--tools", "write,bash", ...extra, prompt]);
		} finally {
			await server.close();
		}
	};
	return { root, remote, a, b, cli, turn, done: () => fs.rmSync(root, { recursive: true, force: true }) };
}

export type World = ReturnType<typeof makeWorld>;

/** A fresh world for every test of the calling file, removed after it: `const w = worldPerTest();`. */
export function worldPerTest(): World {
	let current: World | undefined;
	beforeEach(() => {
		current = makeWorld();
	});
	afterEach(() => {
		current?.done();
		current = undefined;
	});
	return new Proxy({} as World, {
		get: (_, key) => {
			if (!current) throw new Error("the sync world exists only inside a test");
			return current[key as keyof World];
		},
	});
}

/** The session files in a side's home. */
export function sessionsOf(s: Side): string[] {
	const dir = path.join(s.home, "sessions");
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir).flatMap((d) => fs.readdirSync(path.join(dir, d)).filter((f) => f.endsWith(".jsonl")).map((f) => path.join(dir, d, f)));
}

/** A file's entry lines, parsed (header left out). */
export function entryLines(file: string): any[] {
	return fs.readFileSync(file, "utf8").split("\n").filter(Boolean).slice(1).map((l) => JSON.parse(l));
}

/** Installs a pre-receive hook in the bare remote (null: removes it). */
export function preReceive(remote: string, script: string | null): void {
	const hook = path.join(remote, "hooks", "pre-receive");
	if (script === null) return void fs.rmSync(hook, { force: true });
	fs.writeFileSync(hook, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
}

/** Writes a small session (a user message and a reply) into a side's session folder, as arbor would; its id and file. */
export function handSession(s: Side, userText = "hello", id = randomUUID()): { id: string; file: string } {
	const time = "2026-01-02T03:04:05.000Z";
	const file = path.join(sessionDirFor(s.cwd, s.home), `2026-01-02T03-04-05-000Z_${id}.jsonl`);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	const lines = [
		{ type: "session", version: 3, id, timestamp: time, cwd: s.cwd },
		{ type: "message", id: "0000aaa1", parentId: null, timestamp: time, message: { role: "user", content: userText, timestamp: 1 } },
		{ type: "message", id: "0000aaa2", parentId: "0000aaa1", timestamp: time, message: { role: "assistant", content: [{ type: "text", text: "hi" }], stopReason: "stop", timestamp: 2 } },
	];
	fs.writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(""), { mode: 0o600 });
	return { id, file };
}
