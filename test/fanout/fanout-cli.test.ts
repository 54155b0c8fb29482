import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { textReply } from "../helpers/sse-server.js";
import { runCli } from "../helpers/cli.js";
import { waitFor } from "../helpers/wait-for.js";
import { startSseServer } from "../helpers/sse-server.js";
import { files, hashTree, userRepo } from "../checkpoints/helpers.js";
import { useProjectCli, checkpointEntries } from "../checkpoints/cli-run.js";
import { fanoutServer } from "./fanout-server.js";

const fx = useProjectCli();

/** A session with one answered prompt and a checkpoint of a.txt; returns its file and the answer's id. */
async function startedSession(): Promise<{ file: string; leaf: string }> {
	fs.writeFileSync(path.join(fx.at.cwd, "a.txt"), "start\n");
	const first = await startSseServer([textReply("Hello.")]);
	const run = await fx.cli(["-p", ...model(first.url), "hi"]);
	await first.close();
	expect([run.code, run.stderr]).toEqual([0, ""]);
	const [file] = sessionFiles(fx.at.home);
	return { file: file!, leaf: entries(file!).at(-1).id };
}

const labels = (file: string) => entries(file).filter((e) => e.type === "label").map((e) => e.label);

describe("arbor fanout (the built CLI, the local model server, real git)", () => {
	it("N sibling branches, each with its own files in its own copy; the working tree untouched; checks recorded; --json comparison", async () => {
		userRepo(fx.at.cwd);
		const { file, leaf } = await startedSession();
		const before = files(fx.at.cwd);
		const gitBefore = hashTree(path.join(fx.at.cwd, ".git"));
		fx.server = await fanoutServer({ command: (k) => `echo branch-${k} > a.txt && echo new-${k} > b${k}.txt && pwd` });
		const run = await fx.cli(["fanout", file, "-n", "3", ...model(fx.server.url), "--check", "cat a.txt; test -f b2.txt", "--json", "change", "a.txt"]);
		expect(run.stderr).toBe("");
		const out = JSON.parse(run.stdout);
		expect(out.entryId).toBe(leaf);
		expect(out.branches.map((b: any) => [b.index, b.label, b.status])).toEqual([
			[1, "fanout 1/3 · compat:test-model", "failed"],
			[2, "fanout 2/3 · compat:test-model", "done"],
			[3, "fanout 3/3 · compat:test-model", "failed"],
		]);
		expect(run.code).toBe(1);
		// The working tree and the user's .git are untouched.
		expect(files(fx.at.cwd)).toEqual(before);
		expect(hashTree(path.join(fx.at.cwd, ".git"))).toEqual(gitBefore);
		const all = entries(file);
		const users = all.filter((e) => e.type === "message" && e.message.role === "user" && e.parentId === leaf);
		expect(users).toHaveLength(3);
		expect(labels(file).sort()).toEqual(["fanout 1/3 · compat:test-model", "fanout 2/3 · compat:test-model", "fanout 3/3 · compat:test-model"]);
		for (const b of out.branches) {
			// Each branch's files only in its copy, which keeps the project's folder name.
			expect(path.basename(b.cwd)).toBe("project");
			expect(fs.readFileSync(path.join(b.cwd, "a.txt"), "utf8")).toBe(`branch-${b.index}\n`);
			expect(fs.readdirSync(b.cwd).filter((n) => /^b\d\.txt$/.test(n))).toEqual([`b${b.index}.txt`]);
			expect(b.files).toEqual([{ path: "a.txt", added: 1, removed: 1 }, { path: `b${b.index}.txt`, added: 1, removed: 0 }]);
			expect(b.answerHead).toEqual([`Branch ${b.index} done`, "second line"]);
			expect(b.check.exitCode).toBe(b.index === 2 ? 0 : 1);
			expect(b.check.tail).toContain(`branch-${b.index}`);
			expect(b.tokens.input).toBeGreaterThan(0);
		}
		// Checks are custom entries in their branches; checkpoints recorded per branch.
		const checks = all.filter((e) => e.type === "custom" && e.customType === "arbor.fanout-check");
		expect(checks.map((c) => c.data.exitCode).sort()).toEqual([0, 1, 1]);
		expect(checkpointEntries(file).filter((c) => c.data.reason === "after-turn")).toHaveLength(3);
		// The leaf stays at the entry (a marker after the branches' lines).
		expect(all.at(-1)).toMatchObject({ type: "custom", customType: "arbor.leaf", data: { leafId: leaf } });
		// Every line of the file is whole JSON.
		for (const line of fs.readFileSync(file, "utf8").trimEnd().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
	});

	it("--keep K moves the leaf to the branch's end and restores its files; the restore is undoable; another branch restores later", async () => {
		const { file } = await startedSession();
		fx.server = await fanoutServer({ command: (k) => `echo kept-${k} > a.txt` });
		const run = await fx.cli(["fanout", file, "-n", "2", ...model(fx.server.url), "--keep", "2", "--json", "edit"]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const out = JSON.parse(run.stdout);
		const two = out.branches[1];
		expect(out.kept).toMatchObject({ branch: 2, leafId: two.endId, restored: { changes: [{ path: "a.txt", status: "changed" }] } });
		expect(fs.readFileSync(path.join(fx.at.cwd, "a.txt"), "utf8")).toBe("kept-2\n");
		const tree = JSON.parse((await fx.cli(["tree", file, "--json"])).stdout);
		expect(JSON.stringify(tree)).toContain(two.endId);
		const undo = await fx.cli(["restore", file, out.kept.restored.safetyEntryId]);
		expect(undo.code).toBe(0);
		expect(fs.readFileSync(path.join(fx.at.cwd, "a.txt"), "utf8")).toBe("start\n");
		const other = await fx.cli(["navigate", file, out.branches[0].endId, "--restore-files"]);
		expect(other.code).toBe(0);
		expect(fs.readFileSync(path.join(fx.at.cwd, "a.txt"), "utf8")).toBe("kept-1\n");
	});

	it("--keep K restores K's files even when other branches' checkpoints come after K's in the file (not taken for the user's changes)", async () => {
		const { file } = await startedSession();
		// Branch 1 answers last, so its checkpoints are the newest in the file when branch 2 is kept.
		fx.server = await fanoutServer({ command: (k) => `${k === 1 ? "sleep 1; " : ""}echo kept-${k} > a.txt && echo new-${k} > b${k}.txt`, steps: 1 });
		const run = await fx.cli(["fanout", file, "-n", "3", ...model(fx.server.url), "--keep", "2", "--json", "edit"]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(fs.readFileSync(path.join(fx.at.cwd, "a.txt"), "utf8")).toBe("kept-2\n");
		expect(fs.readFileSync(path.join(fx.at.cwd, "b2.txt"), "utf8")).toBe("new-2\n");
		expect(fs.existsSync(path.join(fx.at.cwd, "b1.txt"))).toBe(false);
	});
});

describe("arbor fanout: failures, aborts, limits and the sandbox", () => {
	it("a branch whose provider fails is marked; the others finish; the exit code is 1", async () => {
		const { file } = await startedSession();
		fx.server = await fanoutServer({ command: (k) => `echo ${k} > a.txt`, fail: [2] });
		const run = await fx.cli(["fanout", file, "-n", "3", ...model(fx.server.url), "--json", "go"]);
		expect(run.code).toBe(1);
		const out = JSON.parse(run.stdout);
		expect(out.branches.map((b: any) => b.status)).toEqual(["done", "failed", "done"]);
		expect(out.branches[1].error).toContain("branch 2 broke");
		expect(labels(file)).toHaveLength(3);
	});

	it("SIGTERM aborts the running branches: what they wrote stays, the finished one is whole, exit 143", async () => {
		const { file, leaf } = await startedSession();
		fx.server = await fanoutServer({ command: (k) => `echo ${k} > a.txt`, hold: [1, 3] });
		const live = { stdout: "", stderr: "" };
		let pid = 0;
		const running = runCli(["fanout", file, "-n", "3", ...model(fx.server.url), "--json", "go"], { cwd: fx.at.cwd, env: { ARBOR_HOME: fx.at.home }, live, onSpawn: (p) => (pid = p) });
		// Branch 2 has ended (its label is written); 1 and 3 are held in their answers after their tool step.
		await waitFor(() => fx.server!.requests.length >= 6 && labels(file).includes("fanout 2/3 · compat:test-model"));
		process.kill(pid, "SIGTERM");
		const run = await running;
		expect(run.code).toBe(143);
		const out = JSON.parse(run.stdout);
		expect(out.branches.map((b: any) => b.status)).toEqual(["aborted", "done", "aborted"]);
		// Each branch's prompt and tool step stayed in the file, under the entry.
		expect(entries(file).filter((e) => e.type === "message" && e.message.role === "user" && e.parentId === leaf)).toHaveLength(3);
		expect(fs.readFileSync(path.join(out.branches[0].cwd, "a.txt"), "utf8")).toBe("1\n");
	});

	it("more branches than fanoutMax is refused before anything runs", async () => {
		const { file } = await startedSession();
		fs.writeFileSync(path.join(fx.at.home, "settings.json"), JSON.stringify({ fanoutMax: 2 }));
		const run = await fx.cli(["fanout", file, "-n", "3", "--model", "compat:x", "--base-url", "http://127.0.0.1:9/v1", "go"]);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain('3 branches is more than fanoutMax (2); raise the setting "fanoutMax"');
	});

	it("a branch's bash cannot write outside its copy (the real project included) nor read ~/.ssh; --no-sandbox can", async () => {
		const { file } = await startedSession();
		const victim = path.join(fx.at.cwd, "a.txt");
		fx.server = await fanoutServer({ command: () => `echo hacked > ${victim}; cat ~/.ssh/id_test; echo mine > own.txt` });
		const home = path.join(path.dirname(fx.at.cwd), "user-home");
		fs.mkdirSync(path.join(home, ".ssh"), { recursive: true });
		fs.writeFileSync(path.join(home, ".ssh", "id_test"), "PRIVATE KEY\n");
		const env = { ARBOR_HOME: fx.at.home, HOME: home };
		const sandboxed = await runCli(["fanout", file, "-n", "1", ...model(fx.server.url), "--json", "go"], { cwd: fx.at.cwd, env });
		expect(sandboxed.code).toBe(0);
		const tool = fx.server.requests[1]!.body.messages.find((m: any) => m.role === "tool").content;
		expect(tool).toMatch(/Read-only file system/);
		expect(tool).not.toContain("PRIVATE KEY");
		expect(fs.readFileSync(victim, "utf8")).toBe("start\n");
		expect(fs.readFileSync(path.join(JSON.parse(sandboxed.stdout).branches[0].cwd, "own.txt"), "utf8")).toBe("mine\n");
		const open = await runCli(["fanout", file, "-n", "1", ...model(fx.server.url), "--no-sandbox", "--json", "go"], { cwd: fx.at.cwd, env });
		expect(open.code).toBe(0);
		expect(fs.readFileSync(victim, "utf8")).toBe("hacked\n");
	});

	it("without bubblewrap a fan-out with bash is refused (exit 2, says why) unless --no-sandbox", async () => {
		const { file } = await startedSession();
		fx.server = await fanoutServer({ command: () => "true" });
		const env = { ARBOR_HOME: fx.at.home, ARBOR_BWRAP: "/nonexistent/bwrap" };
		const refused = await runCli(["fanout", file, "-n", "2", ...model(fx.server.url), "go"], { cwd: fx.at.cwd, env });
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain("no sandbox: bubblewrap (bwrap) is not installed");
		expect(fx.server.requests).toHaveLength(0);
		const allowed = await runCli(["fanout", file, "-n", "2", ...model(fx.server.url), "--no-sandbox", "--json", "go"], { cwd: fx.at.cwd, env });
		expect(allowed.code).toBe(0);
		const plain = await startSseServer(() => textReply("read only"));
		const readOnly = await runCli(["fanout", file, "-n", "1", ...model(plain.url), "--tools", "read,ls", "--json", "go"], { cwd: fx.at.cwd, env });
		await plain.close();
		expect([readOnly.code, readOnly.stderr]).toEqual([0, ""]);
	});
});

describe("arbor fanout: --models and the text comparison", () => {
	it("one branch per model, labelled with it; the comparison on stdout, progress on stderr", async () => {
		const { file } = await startedSession();
		fx.server = await fanoutServer({ command: (k) => `echo m${k} > a.txt` });
		const run = await fx.cli(["fanout", file, "--models", "compat:one,compat:two", "--base-url", fx.server.url, "say", "hi"]);
		expect(run.code).toBe(0);
		expect(fx.server.requests.map((r) => r.body.model).sort()).toEqual(["one", "one", "two", "two"]);
		expect(run.stdout).toContain("[1] fanout 1/2 · compat:one");
		expect(run.stdout).toContain("[2] fanout 2/2 · compat:two");
		expect(run.stdout).toContain("+1 -1 in 1 file");
		expect(run.stdout).toContain("│ Branch 2 done");
		expect(run.stdout).toMatch(/^total: \d+ in \/ \d+ out tokens/m);
		expect(run.stderr).toMatch(/^branch 1: compat:one in .*\/fanout\/.*\/1\/project$/m);
		expect(run.stderr).toMatch(/^branch 2: bash$/m);
		expect(labels(file).sort()).toEqual(["fanout 1/2 · compat:one", "fanout 2/2 · compat:two"]);
	});
});
