/**
 * Faults found by the issue-17 campaign, each through the built CLI: what a JSON consumer gets when
 * the model fails, a cwd too long for one folder name, an unreadable file among the sessions, a
 * full disk while a turn is appended, and `kill -9` of arbor while a bash command runs.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, printRunWithSleeper, sessionFiles, sleeperCall, stopped } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { errorReply, textReply, toolCallReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { onTinyDisk } from "../helpers/tiny-disk.js";
import { put } from "../extensions/helpers.js";

const fx = useCliProject();

const lines = (text: string) => text.split("\n").filter(Boolean);
const noRetry = { ARBOR_MAX_RETRIES: "0" };

describe("--output-format json always prints exactly one object", () => {
	it("a failed model call: one object with error, stopReason and exitCode 1, the error also on stderr", async () => {
		const server = await fx.serve([errorReply(500, "the provider is down")]);
		const { cwd, home } = fx;
		const run = await runCli(["-p", ...model(server.url), "--output-format", "json", "hello"], { cwd, env: { ARBOR_HOME: home, ...noRetry } });
		expect(run.code).toBe(1);
		const out = lines(run.stdout);
		expect(out).toHaveLength(1);
		const result = JSON.parse(out[0]!);
		expect(result).toMatchObject({ stopReason: "error", text: "", exitCode: 1, error: expect.stringContaining("the provider is down") });
		expect(result.sessionFile).toBe(sessionFiles(home)[0]);
		expect(lines(run.stderr)).toEqual([`arbor: ${result.error}`]);
	});

	it("a usage error before any session (no prompt): one object with error and exitCode 2", async () => {
		const { cwd, home } = fx;
		const run = await runCli(["-p", "--model", "compat:m", "--base-url", "http://127.0.0.1:9/v1", "--output-format", "json"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(2);
		expect(lines(run.stdout).map((l) => JSON.parse(l))).toEqual([{ error: "no prompt", exitCode: 2 }]);
		expect(lines(run.stderr)).toEqual(["arbor: no prompt"]);
	});

	it("a command line the parser rejects: the object too (json and stream-json), nothing in text", async () => {
		const { cwd, home } = fx;
		const args = ["-p", "--model", "compat:m", "--bogus", "hi"];
		const json = await runCli([...args, "--output-format", "json"], { cwd, env: { ARBOR_HOME: home } });
		expect([json.code, lines(json.stderr)]).toEqual([2, ["arbor: unknown option '--bogus'"]]);
		expect(lines(json.stdout).map((l) => JSON.parse(l))).toEqual([{ error: "unknown option '--bogus'", exitCode: 2 }]);
		const stream = await runCli(["--output-format=stream-json", ...args], { cwd, env: { ARBOR_HOME: home } });
		expect(lines(stream.stdout).map((l) => JSON.parse(l))).toEqual([
			{ type: "error", message: "unknown option '--bogus'" },
			{ type: "result", error: "unknown option '--bogus'", exitCode: 2 },
		]);
		const text = await runCli(args, { cwd, env: { ARBOR_HOME: home } });
		expect([text.code, text.stdout]).toEqual([2, ""]);
	});

	it("success carries exitCode 0 and no error", async () => {
		const server = await fx.serve([textReply("Fine.")]);
		const { cwd, home } = fx;
		const run = await runCli(["-p", ...model(server.url), "--output-format", "json", "hello"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		const result = JSON.parse(run.stdout);
		expect(result).toMatchObject({ text: "Fine.", exitCode: 0 });
		expect(result).not.toHaveProperty("error");
	});

	it("stream-json ends with exactly one error event, then the result with the same error and exitCode", async () => {
		const server = await fx.serve([errorReply(500, "the provider is down")]);
		const { cwd, home } = fx;
		const run = await runCli(["-p", ...model(server.url), "--output-format", "stream-json", "hello"], { cwd, env: { ARBOR_HOME: home, ...noRetry } });
		expect(run.code).toBe(1);
		const events = lines(run.stdout).map((l) => JSON.parse(l));
		expect(events.filter((e) => e.type === "error")).toHaveLength(1);
		const [error, result] = events.slice(-2);
		expect(error).toEqual({ type: "error", message: expect.stringContaining("the provider is down") });
		expect(result).toMatchObject({ type: "result", error: error.message, exitCode: 1 });
	});

	it("stream-json: an error before the session is an error event and a result too", async () => {
		const { cwd, home } = fx;
		const run = await runCli(["-p", "--model", "compat:m", "--base-url", "http://127.0.0.1:9/v1", "--output-format", "stream-json"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(2);
		expect(lines(run.stdout).map((l) => JSON.parse(l))).toEqual([
			{ type: "error", message: "no prompt" },
			{ type: "result", error: "no prompt", exitCode: 2 },
		]);
	});
});

/** A working directory whose absolute path is about `length` characters (no component over 100). */
function longCwd(length: number): { cwd: string; home: string } {
	const root = mkdtempSync(join(tmpdir(), "arbor-long-"));
	let cwd = root;
	while (cwd.length < length) cwd = join(cwd, "a-rather-long-folder-name-".repeat(3).slice(0, Math.min(80, length - cwd.length)));
	mkdirSync(cwd, { recursive: true });
	return { cwd, home: join(root, "home") };
}

describe("a cwd longer than one folder name can hold", () => {
	it("print mode saves the session in a shortened folder; sessions and -c find it again", async () => {
		const server = await fx.serve([textReply("First answer."), textReply("Second answer.")]);
		const { cwd, home } = longCwd(320);
		const first = await runCli(["-p", ...model(server.url), "hello"], { cwd, env: { ARBOR_HOME: home } });
		expect([first.code, first.stderr, first.stdout]).toEqual([0, "", "First answer.\n"]);
		const [file] = sessionFiles(home);
		const folder = basename(dirname(file!));
		expect(Buffer.byteLength(folder)).toBeLessThanOrEqual(255);
		expect(folder).toMatch(/^--.*--$/);
		expect(entries(file!)[0]).toMatchObject({ type: "session", cwd });

		const listed = await runCli(["sessions", "--json"], { cwd, env: { ARBOR_HOME: home } });
		expect(listed.code).toBe(0);
		expect(JSON.parse(listed.stdout).map((s: { file: string }) => s.file)).toEqual([file]);

		const again = await runCli(["-p", "-c", ...model(server.url), "and again"], { cwd, env: { ARBOR_HOME: home } });
		expect([again.code, again.stderr]).toEqual([0, ""]);
		expect(sessionFiles(home)).toEqual([file]);
		expect(entries(file!).slice(1).filter((e) => e.type === "message").map((e) => e.message.role)).toEqual(["user", "assistant", "user", "assistant"]);
	});

	it("import of a Claude Code session from such a cwd lands where sessions and -c look", async () => {
		const { cwd, home } = longCwd(300);
		const source = readFileSync(join(import.meta.dirname, "../fixtures/import/claude-code-rewinds.jsonl"), "utf8");
		const copy = join(home, "..", "claude.jsonl");
		writeFileSync(copy, source.replaceAll('"/home/dev/adder"', JSON.stringify(cwd)));
		const imported = await runCli(["import", copy, "--json"], { env: { ARBOR_HOME: home } });
		expect([imported.code, imported.stderr]).toEqual([0, ""]);
		const [outcome] = JSON.parse(imported.stdout);
		expect(outcome).toMatchObject({ status: "imported" });
		const listed = await runCli(["sessions", "--json"], { cwd, env: { ARBOR_HOME: home } });
		expect(listed.code).toBe(0);
		expect(JSON.parse(listed.stdout).map((s: { file: string }) => s.file)).toEqual([outcome.file]);
	});

	it("a --session-dir whose folder name is too long is exit 2 before the model is called, the cause in words", async () => {
		const server = await fx.serve([textReply("This answer would be lost.")]);
		const { cwd, home } = fx;
		const sessionDir = join(cwd, "x".repeat(300));
		const run = await runCli(["-p", ...model(server.url), "--session-dir", sessionDir, "hello"], { cwd, env: { ARBOR_HOME: home } });
		expect([run.code, run.stdout]).toEqual([2, ""]);
		expect(lines(run.stderr)).toEqual([`arbor: cannot write the session in ${sessionDir}: ${sessionDir}: name too long (ENAMETOOLONG) (use --session-dir <dir> or --no-session)`]);
		expect(server.requests).toHaveLength(0);
	});

	it("two long cwds that share their first 250 characters get different folders", async () => {
		const server = await fx.serve([textReply("One."), textReply("Two.")]);
		const { cwd: base, home } = longCwd(300);
		for (const leaf of ["x", "y"]) {
			mkdirSync(join(base, leaf));
			const run = await runCli(["-p", ...model(server.url), "hi"], { cwd: join(base, leaf), env: { ARBOR_HOME: home } });
			expect(run.code).toBe(0);
		}
		expect(readdirSync(join(home, "sessions"))).toHaveLength(2);
	});
});

describe("an unreadable file among the sessions", () => {
	it("search skips a dangling symlink with one warning and searches the rest; sessions lists the rest", async () => {
		const server = await fx.serve([textReply("The answer mentions zebras.")]);
		const { cwd, home } = fx;
		expect((await runCli(["-p", ...model(server.url), "tell me about zebras"], { cwd, env: { ARBOR_HOME: home } })).code).toBe(0);
		const [file] = sessionFiles(home);
		const dangling = join(dirname(file!), "zz-gone.jsonl");
		symlinkSync(join(cwd, "no-such-file.jsonl"), dangling);
		// A .jsonl that is no session is left out without a warning, as before.
		writeFileSync(join(dirname(file!), "aa-notes.jsonl"), "not a session\n");

		const search = await runCli(["search", "zebras"], { cwd, env: { ARBOR_HOME: home } });
		expect(search.code).toBe(0);
		expect(search.stdout).toContain(file);
		expect(lines(search.stderr)).toEqual([`arbor: warning: skipped ${dangling}: no such file or directory (ENOENT)`]);

		const all = await runCli(["search", "--all", "--json", "zebras"], { cwd, env: { ARBOR_HOME: home } });
		expect(all.code).toBe(0);
		expect(JSON.parse(all.stdout).hits.length).toBeGreaterThan(0);

		const listed = await runCli(["sessions"], { cwd, env: { ARBOR_HOME: home } });
		expect(listed.code).toBe(0);
		expect(listed.stdout).toContain(file);
		expect(lines(listed.stderr)).toEqual([`arbor: warning: skipped ${dangling}: no such file or directory (ENOENT)`]);
	});
});

/** Fills the file system holding `dir` until a write fails with ENOSPC. */
function fill(dir: string): void {
	const block = Buffer.alloc(4096, 120);
	for (let i = 0; ; i++) {
		try {
			writeFileSync(join(dir, `fill-${i}`), block);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOSPC") return;
			throw error;
		}
	}
}

describe("a full disk while a turn is appended", () => {
	it("exit 2, one line naming the session file and the cause; the lines written before stay whole", async (ctx) => {
		await onTinyDisk(ctx, "64k", async (disk) => {
			const sessionDir = join(disk, "s");
			const server = await fx.serve((_body, index) => {
				if (index === 1) fill(disk);
				// 10 kB: more than the file's last, partly used page can take.
				return textReply(index === 0 ? "First." : "no room ".repeat(1250));
			});
			const { cwd, home } = fx;
			const first = await runCli(["-p", ...model(server.url), "--session-dir", sessionDir, "first"], { cwd, env: { ARBOR_HOME: home } });
			expect(first.code).toBe(0);
			const [file] = readdirSync(sessionDir).map((f) => join(sessionDir, f));
			const run = await runCli(["-p", "-c", ...model(server.url), "--session-dir", sessionDir, "second"], { cwd, env: { ARBOR_HOME: home } });
			expect([run.code, lines(run.stderr)]).toEqual([2, [`arbor: cannot append to session ${file}: no space left on device (ENOSPC)`]]);
			// Every line in the file still parses: the user message went in before the disk filled.
			expect(entries(file!).slice(1).filter((e) => e.type === "message").map((e) => e.message.role)).toEqual(["user", "assistant", "user"]);
			expect(existsSync(`${file}.lock`)).toBe(false);
		});
	});
});

describe("kill -9 of arbor while a bash command runs", () => {
	it("the command's process group ends with arbor (pipe watchdog)", async () => {
		const server = await fx.serve([sleeperCall(300), textReply("never")]);
		const { running, pid, sleepPid } = await printRunWithSleeper(server.url);
		expect(stopped(sleepPid)).toBe(false);
		process.kill(pid, "SIGKILL");
		expect((await running).signal).toBe("SIGKILL");
		try {
			await waitFor(() => stopped(sleepPid), { what: `sleep ${sleepPid} to end with arbor` });
		} finally {
			if (!stopped(sleepPid)) process.kill(sleepPid, "SIGKILL");
		}
	});

	it("a command that finishes leaves its background children alone (no watchdog kill)", async () => {
		const server = await fx.serve([toolCallReply([{ id: "c1", name: "bash", args: { command: "(sleep 300 >/dev/null 2>&1 &  echo $! > bg.pid)" } }]), textReply("Done.")]);
		const { cwd, home } = fx;
		const run = await runCli(["-p", ...model(server.url), "--tools", "bash", "start it"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		const bg = Number(readFileSync(join(cwd, "bg.pid"), "utf8"));
		try {
			expect(stopped(bg)).toBe(false);
		} finally {
			process.kill(bg, "SIGKILL");
		}
	});
});

describe("session_shutdown sees the session read-only, as the readme says", () => {
	it("appendEntry and sendMessage there fail with one warning each; nothing is written", async () => {
		const server = await fx.serve([textReply("Hello.")]);
		const { cwd, home } = fx;
		put(cwd, ".arbor/extensions/late.ts", `
export default function (arbor) {
	arbor.on("session_shutdown", (_event, ctx) => {
		ctx.ui.notify("leaf " + ctx.session.leafId);
		arbor.appendEntry("too-late", { n: 1 });
	});
	arbor.on("session_shutdown", () => arbor.sendMessage({ customType: "late", content: "x", display: true }));
}
`);
		const run = await runCli(["-p", ...model(server.url), "hi"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		const [file] = sessionFiles(home);
		// "custom": the files as the prompt was sent (checkpoints), beside the prompt.
		expect(entries(file!).slice(1).map((e) => e.type)).toEqual(["message", "custom", "message"]);
		const leaf = entries(file!).at(-1).id;
		expect(lines(run.stderr)).toEqual([
			`arbor: leaf ${leaf}`,
			expect.stringMatching(/^arbor: warning: extension .*late\.ts: session_shutdown handler failed: the session cannot be written in session_shutdown/),
			expect.stringMatching(/^arbor: warning: extension .*late\.ts: session_shutdown handler failed: the session cannot be written in session_shutdown/),
		]);
	});
});

describe("a failed one-shot prompt keeps the user message and shows the session as failed", () => {
	it("sessions marks it (text and --json); -c sends the kept message again with the new one", async () => {
		const server = await fx.serve([errorReply(500, "the provider is down"), textReply("Back up.")]);
		const { cwd, home } = fx;
		const failed = await runCli(["-p", ...model(server.url)], { cwd, env: { ARBOR_HOME: home, ...noRetry }, input: "first question" });
		expect(failed.code).toBe(1);
		const [file] = sessionFiles(home);
		const stored = entries(file!).slice(1).filter((e) => e.type === "message");
		expect(stored.map((e) => [e.message.role, e.message.stopReason])).toEqual([
			["user", undefined],
			["assistant", "error"],
		]);

		const listed = await runCli(["sessions"], { cwd, env: { ARBOR_HOME: home } });
		expect(lines(listed.stdout)).toEqual([
			expect.stringMatching(/ {4}3 entries {2}first question$/), // the prompt, its files (a checkpoint), the failed reply
			`    ${file}`,
			expect.stringMatching(/^ {4}last reply failed: .*the provider is down/),
		]);
		const [info] = JSON.parse((await runCli(["sessions", "--json"], { cwd, env: { ARBOR_HOME: home } })).stdout);
		expect(info.lastError).toMatch(/the provider is down/);

		const retry = await runCli(["-p", "-c", ...model(server.url), "try again"], { cwd, env: { ARBOR_HOME: home } });
		expect([retry.code, retry.stdout]).toEqual([0, "Back up.\n"]);
		const sent = server.requests[1]!.body.messages.filter((m: { role: string }) => m.role === "user").map((m: { content: string }) => m.content);
		expect(sent).toEqual(["first question", "try again"]);
		const [after] = JSON.parse((await runCli(["sessions", "--json"], { cwd, env: { ARBOR_HOME: home } })).stdout);
		expect(after).not.toHaveProperty("lastError");
	});
});
