import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useCliProject();

/** <tmp>/project (cwd, with a link to the outside) and <tmp>/outside/secret.txt. */
function layout() {
	const root = mkdtempSync(join(tmpdir(), "arbor-confine-"));
	const cwd = join(root, "project");
	mkdirSync(join(root, "outside"), { recursive: true });
	mkdirSync(cwd);
	writeFileSync(join(root, "outside", "secret.txt"), "TOPSECRET value\n");
	writeFileSync(join(cwd, "notes.txt"), "inside TOPSECRET mention\n");
	symlinkSync(join(root, "outside", "secret.txt"), join(cwd, "link.txt"));
	symlinkSync(join(root, "outside"), join(cwd, "out-dir"));
	return { cwd, home: join(root, "home") };
}

const calls = [
	{ id: "c1", name: "read", args: { path: "../outside/secret.txt" } },
	{ id: "c2", name: "read", args: { path: "/etc/passwd" } },
	{ id: "c3", name: "read", args: { path: "link.txt" } },
	{ id: "c4", name: "ls", args: { path: "out-dir" } },
	{ id: "c5", name: "grep", args: { pattern: "TOPSECRET" } },
	{ id: "c6", name: "write", args: { path: "../outside/new.txt", content: "x" } },
	{ id: "c7", name: "read", args: { path: "notes.txt" } },
];

function results(home: string): Map<string, { text: string; isError: boolean }> {
	const stored = entries(sessionFiles(home)[0]!).filter((e) => e.message?.role === "toolResult");
	return new Map(stored.map((e) => [e.message.toolCallId, { text: e.message.content[0].text, isError: e.message.isError }]));
}

describe("file tools are confined to the working directory and --add-dir folders", () => {
	it("print mode refuses paths outside (relative, absolute, through a symlink) with an error the model reads", async () => {
		const { cwd, home } = layout();
		const server = await fx.serve([toolCallReply(calls), textReply("Understood.")]);
		const run = await runCli(["-p", ...model(server.url), "--tools", "read,ls,grep,write", "look around"], { cwd, env: { ARBOR_HOME: home } });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const got = results(home);
		for (const id of ["c1", "c2", "c3", "c4", "c6"]) {
			expect(got.get(id), id).toMatchObject({ isError: true, text: expect.stringMatching(/is outside the working directory .*--add-dir/) });
		}
		expect(got.get("c5")).toEqual({ isError: false, text: "notes.txt:1: inside TOPSECRET mention" });
		expect(got.get("c7")?.isError).toBe(false);
		const sent = JSON.stringify(server.requests[1]!.body.messages);
		expect(sent).not.toContain("TOPSECRET value");
		expect(sent).not.toContain("root:x:0:0");
		expect(sent).toContain("is outside the working directory");
	});

	it("--add-dir (repeatable) and the settings key addDirs open a folder, links into it included", async () => {
		const { cwd, home } = layout();
		const server = await fx.serve([toolCallReply(calls.slice(0, 5)), textReply("Read them."), toolCallReply([calls[0]!]), textReply("Again.")]);
		const flags = ["-p", ...model(server.url), "--add-dir", "../outside", "--add-dir", "."];
		const run = await runCli([...flags, "look"], { cwd, env: { ARBOR_HOME: home } });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const got = results(home);
		expect(got.get("c1")).toEqual({ isError: false, text: "     1\tTOPSECRET value" });
		expect(got.get("c2")?.isError).toBe(true);
		expect(got.get("c3")).toEqual({ isError: false, text: "     1\tTOPSECRET value" });
		expect(got.get("c4")?.text).toBe("secret.txt");
		expect(got.get("c5")?.text).toBe("link.txt:1: TOPSECRET value\nnotes.txt:1: inside TOPSECRET mention");
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "settings.json"), JSON.stringify({ addDirs: [join(cwd, "..", "outside")] }));
		const again = await runCli(["-p", "-c", ...model(server.url), "again"], { cwd, env: { ARBOR_HOME: home } });
		expect(again.code).toBe(0);
		const last = entries(sessionFiles(home)[0]!).filter((e) => e.message?.role === "toolResult").at(-1);
		expect(last.message).toMatchObject({ isError: false, content: [{ text: "     1\tTOPSECRET value" }] });
	});

	it("an --add-dir that is not a folder is exit 2", async () => {
		const { cwd, home } = layout();
		const missing = await runCli(["-p", "--model", "compat:m", "--base-url", "http://127.0.0.1:9/v1", "--add-dir", "nope", "hi"], { cwd, env: { ARBOR_HOME: home } });
		expect([missing.code, missing.stderr]).toEqual([2, "arbor: --add-dir: nope: no such folder\n"]);
		const file = await runCli(["-p", "--model", "compat:m", "--base-url", "http://127.0.0.1:9/v1", "--add-dir", "notes.txt", "hi"], { cwd, env: { ARBOR_HOME: home } });
		expect([file.code, file.stderr]).toEqual([2, "arbor: --add-dir: notes.txt is not a folder\n"]);
	});
});
