import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../helpers/cli.js";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const fx = useCliProject();

const lines = (text: string) => text.split("\n").filter(Boolean);

describe("request idle timeout (ARBOR_TIMEOUT)", () => {
	it("a server that accepts and never answers fails the request: exit 1, one line, the error saved", async () => {
		const server = await fx.serve(() => ({ type: "hang" }));
		const { cwd, home } = fx;
		const run = await runCli(["-p", ...model(server.url), "hello"], { cwd, env: { ARBOR_HOME: home, ARBOR_TIMEOUT: "1" } });
		expect(run.code).toBe(1);
		expect(lines(run.stderr)).toEqual(["arbor: the provider sent nothing for 1 s: request timed out (ARBOR_TIMEOUT=1)"]);
		// Not retried: a stalled provider would otherwise cost three timeouts.
		expect(server.requests).toHaveLength(1);
		const last = entries(sessionFiles(home)[0]!).at(-1);
		expect(last.message).toMatchObject({ role: "assistant", stopReason: "error", errorMessage: expect.stringContaining("ARBOR_TIMEOUT") });
	});

	it("a stream that stalls mid-answer keeps the partial reply with stopReason error", async () => {
		const server = await fx.serve([textReply(["Partial ", "answer "], { hold: true })]);
		const { cwd, home } = fx;
		const run = await runCli(["-p", ...model(server.url), "hello"], { cwd, env: { ARBOR_HOME: home, ARBOR_TIMEOUT: "1" } });
		expect(run.code).toBe(1);
		expect(run.stdout).toBe("Partial answer \n");
		expect(lines(run.stderr)).toEqual([expect.stringMatching(/^arbor: .*timed out \(ARBOR_TIMEOUT=1\)$/)]);
		const last = entries(sessionFiles(home)[0]!).at(-1);
		expect(last.message).toMatchObject({ stopReason: "error", content: [{ type: "text", text: "Partial answer " }] });
	});

	it("applies to branch summaries too: navigate --summarize fails and leaves the file as it was", async () => {
		const server = await fx.serve(() => ({ type: "hang" }));
		const { file, dir, home } = fixtureCopy("pi-tree-session.jsonl");
		const before = readFileSync(file);
		const run = await runCli(["navigate", file, "474513f0", "--summarize", ...model(server.url)], {
			cwd: dir,
			env: { ARBOR_HOME: home, ARBOR_TIMEOUT: "1" },
		});
		expect(run.code).toBe(1);
		expect(run.stderr).toMatch(/timed out \(ARBOR_TIMEOUT=1\)/);
		expect(readFileSync(file)).toEqual(before);
	});

	it("the settings key timeout is used when ARBOR_TIMEOUT is not set", async () => {
		const server = await fx.serve(() => ({ type: "hang" }));
		const { cwd, home } = fx;
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "settings.json"), JSON.stringify({ timeout: 0.5 }));
		const run = await runCli(["-p", ...model(server.url), "hello"], { cwd, env: { ARBOR_HOME: home, ARBOR_TIMEOUT: undefined } });
		expect([run.code, lines(run.stderr)]).toEqual([1, ["arbor: the provider sent nothing for 0.5 s: request timed out (ARBOR_TIMEOUT=0.5)"]]);
	});
});

describe("configuration errors are exit 2 before any request", () => {
	it("ARBOR_MAX_RETRIES above 10 or not a whole number, ARBOR_TIMEOUT not a number", async () => {
		const server = await fx.serve([textReply("never")]);
		const { cwd, home } = fx;
		for (const env of [{ ARBOR_MAX_RETRIES: "11" }, { ARBOR_MAX_RETRIES: "1.5" }, { ARBOR_MAX_RETRIES: "x" }, { ARBOR_TIMEOUT: "soon" }]) {
			const run = await runCli(["-p", ...model(server.url), "hello"], { cwd, env: { ARBOR_HOME: home, ...env } });
			expect(run.code, JSON.stringify(env)).toBe(2);
			expect(lines(run.stderr)).toEqual([expect.stringMatching(new RegExp(`^arbor: ${Object.keys(env)[0]} must be`))]);
		}
		expect(server.requests).toHaveLength(0);
	});

	it("a malformed --base-url names the flag", async () => {
		const { cwd, home } = fx;
		for (const url of ["ht!tp:/x", "127.0.0.1:8080/v1", "not a url"]) {
			const run = await runCli(["-p", "--model", "compat:m", "--base-url", url, "hello"], { cwd, env: { ARBOR_HOME: home } });
			expect([run.code, lines(run.stderr)]).toEqual([2, [`arbor: --base-url: "${url}" is not an http(s) URL (e.g. http://127.0.0.1:8080/v1)`]]);
		}
	});

	it("an unwritable session folder is exit 2 before the model is called", async () => {
		const server = await fx.serve([textReply("This answer would be lost.")]);
		const { cwd, home } = fx;
		const blocker = join(cwd, "a-file");
		writeFileSync(blocker, "not a folder\n");
		const sessionDir = join(blocker, "sessions");
		const run = await runCli(["-p", ...model(server.url), "--session-dir", sessionDir, "hello"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(2);
		expect(run.stdout).toBe("");
		expect(lines(run.stderr)).toEqual([expect.stringMatching(/^arbor: cannot write the session in .*a-file\/sessions: .*a-file is not a folder/)]);
		expect(server.requests).toHaveLength(0);
	});

	it("an immutable session folder (chattr +i) is exit 2 too", async (ctx) => {
		const { cwd, home } = fx;
		const folder = join(cwd, "frozen");
		mkdirSync(folder);
		if (spawnSync("chattr", ["+i", folder]).status !== 0) {
			console.warn("skipped: chattr +i is not permitted here");
			ctx.skip();
		}
		try {
			const server = await fx.serve([textReply("lost")]);
			const run = await runCli(["-p", ...model(server.url), "--session-dir", join(folder, "s"), "hi"], { cwd, env: { ARBOR_HOME: home } });
			expect([run.code, run.stdout]).toEqual([2, ""]);
			expect(run.stderr).toMatch(/^arbor: cannot write the session in .*frozen\/s: .*frozen: permission denied/);
			expect(server.requests).toHaveLength(0);
		} finally {
			spawnSync("chattr", ["-i", folder]);
		}
	});
});
