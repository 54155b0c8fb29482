import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const fx = useCliProject();

/** A small v3 session whose last entry is stamped `last`, with its mtime set to `mtime` (seconds). */
function session(dir: string, id: string, text: string, last: string, mtime: number, cwd = dir): string {
	const file = join(dir, `2026-01-01T00-00-00-000Z_${id}.jsonl`);
	const lines = [
		{ type: "session", version: 3, id, timestamp: "2026-01-01T00:00:00.000Z", cwd },
		{ type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } },
		{ type: "message", id: "a1", parentId: "u1", timestamp: last, message: { role: "assistant", content: [{ type: "text", text: "ok" }], provider: "compat", model: "m", usage: {}, stopReason: "stop", timestamp: 2 } },
	];
	writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
	utimesSync(file, mtime, mtime);
	return file;
}

/** Two sessions in one folder; `headerCwd`: the project their headers name (default: the folder). */
function place(headerCwd?: (root: string) => string) {
	const root = mkdtempSync(join(tmpdir(), "arbor-order-"));
	const dir = join(root, "sessions");
	mkdirSync(dir);
	const now = Date.now() / 1000;
	const cwd = headerCwd?.(root) ?? dir;
	// "recent" was used last; "touched" has the newer mtime (touched or copied) but older entries.
	const recent = session(dir, "aaaa1111-0000-4000-8000-000000000000", "recent work", "2026-05-01T09:00:00.000Z", now - 86_400, cwd);
	const touched = session(dir, "bbbb2222-0000-4000-8000-000000000000", "old work", "2026-02-01T09:00:00.000Z", now, cwd);
	return { root, dir, recent, touched, home: join(root, "home") };
}

describe("sessions are ordered by their last entry's time, not the file's mtime", () => {
	it("arbor sessions (text and --json)", async () => {
		const { dir, recent, touched, home } = place();
		const text = await runCli(["sessions", "--session-dir", dir], { env: { ARBOR_HOME: home } });
		expect([text.code, text.stderr]).toEqual([0, ""]);
		expect(text.stdout).toBe(
			[
				"2026-05-01 09:00  aaaa1111      2 entries  recent work",
				`    ${recent}`,
				"2026-02-01 09:00  bbbb2222      2 entries  old work",
				`    ${touched}`,
				"",
			].join("\n"),
		);
		const json = JSON.parse((await runCli(["sessions", "--session-dir", dir, "--json"], { env: { ARBOR_HOME: home } })).stdout);
		expect(json.map((s: { file: string; modified: string }) => [s.file, s.modified])).toEqual([
			[recent, "2026-05-01T09:00:00.000Z"],
			[touched, "2026-02-01T09:00:00.000Z"],
		]);
	});

	it("-c continues the session used last; tree and context without a session read it too", async () => {
		const { dir, recent, home, root } = place((r) => r);
		const context = await runCli(["context", "--session-dir", dir], { env: { ARBOR_HOME: home } });
		expect(context.stdout).toContain("recent work");
		const server = await fx.serve([textReply("Continuing.")]);
		const run = await runCli(["-p", "-c", "--session-dir", dir, "-m", "compat:test-model", "--base-url", server.url, "go on"], {
			cwd: root,
			env: { ARBOR_HOME: home },
		});
		expect([run.code, run.stderr, run.stdout]).toEqual([0, "", "Continuing.\n"]);
		expect(JSON.stringify(server.requests[0]!.body.messages)).toContain("recent work");
		expect(readFileSync(recent, "utf8")).toContain("Continuing.");
	});
});

/** The files `arbor sessions --json` lists, in its order. */
async function listed(dir: string, home: string): Promise<string[]> {
	const run = await runCli(["sessions", "--session-dir", dir, "--json"], { env: { ARBOR_HOME: home } });
	expect([run.code, run.stderr]).toEqual([0, ""]);
	return JSON.parse(run.stdout).map((s: { file: string }) => s.file);
}

describe("the session last worked in is the most recent", () => {
	it("a fork (its entries keep their old times) is created now: listed first, and -c continues it", async () => {
		const { dir, recent, touched, home, root } = place();
		const fork = await runCli(["fork", touched, "u1", "--session-dir", dir, "--json"], { env: { ARBOR_HOME: home } });
		expect([fork.code, fork.stderr]).toEqual([0, ""]);
		const forked = JSON.parse(fork.stdout).file as string;
		expect(await listed(dir, home)).toEqual([forked, recent, touched]);
		const context = await runCli(["context", "-c", "--session-dir", dir], { cwd: root, env: { ARBOR_HOME: home } });
		expect(context.stdout).toContain("old work");
		expect(context.stdout).not.toContain("recent work");
	});

	it("renaming a session (a session_info entry, as the picker and /name write) does not move it up", async () => {
		const { dir, recent, touched, home } = place();
		const info = { type: "session_info", id: "n1", parentId: "a1", timestamp: new Date().toISOString(), name: "renamed now" };
		appendFileSync(touched, `${JSON.stringify(info)}\n`);
		expect(await listed(dir, home)).toEqual([recent, touched]);
		const text = await runCli(["sessions", "--session-dir", dir], { env: { ARBOR_HOME: home } });
		expect(text.stdout).toContain("2026-02-01 09:00  bbbb2222");
	});

});

describe("one --session-dir shared by several projects (pi 1.6's findMostRecentSession(dir, cwd))", () => {
	it("-c continues this project's newest session, a project without one starts a new session, read-only commands prefer this project's", async () => {
		const root = mkdtempSync(join(tmpdir(), "arbor-shared-"));
		const [dir, a, b, c] = ["sessions", "a", "b", "c"].map((name) => join(root, name)) as [string, string, string, string];
		for (const folder of [dir, a, b, c]) mkdirSync(folder);
		const now = Date.now() / 1000;
		const ofA = session(dir, "aaaa1111-0000-4000-8000-000000000000", "work in a", "2026-02-01T09:00:00.000Z", now - 86_400, a);
		session(dir, "bbbb2222-0000-4000-8000-000000000000", "work in b", "2026-05-01T09:00:00.000Z", now, b);
		const env = { ARBOR_HOME: join(root, "home") };
		const server = await fx.serve([textReply("In a."), textReply("In c.")]);
		const inA = await runCli(["-p", "-c", "--session-dir", dir, "-m", "compat:test-model", "--base-url", server.url, "go on"], { cwd: a, env });
		expect([inA.code, inA.stderr, inA.stdout]).toEqual([0, "", "In a.\n"]);
		expect(JSON.stringify(server.requests[0]!.body.messages)).toContain("work in a");
		expect(readFileSync(ofA, "utf8")).toContain("In a.");
		const inC = await runCli(["-p", "-c", "--session-dir", dir, "-m", "compat:test-model", "--base-url", server.url, "hi"], { cwd: c, env });
		expect([inC.code, inC.stderr, inC.stdout]).toEqual([0, "", "In c.\n"]);
		expect(JSON.stringify(server.requests[1]!.body.messages)).not.toContain("work in");
		const context = await runCli(["context", "--session-dir", dir], { cwd: b, env });
		expect(context.stdout).toContain("work in b");
	});
});
