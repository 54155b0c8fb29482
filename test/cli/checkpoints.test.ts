import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { files, hashTree, userRepo } from "../checkpoints/helpers.js";
import { checkpointEntries, useProjectCli } from "../checkpoints/cli-run.js";

const fx = useProjectCli();

const bashTurn = (command: string, answer: string) => [toolCallReply([{ id: "c1", name: "bash", args: { command } }]), textReply(answer)];
const checkpoints = checkpointEntries;
const cli = fx.cli;

describe("checkpoints through the built CLI (real git, real files)", () => {
	it("a bash command that deletes and creates files: checkpoints before and after, restore, undo, diff; the user's .git unchanged", async () => {
		userRepo(fx.cwd);
		fs.writeFileSync(path.join(fx.cwd, "keep.txt"), "keep\n");
		fs.writeFileSync(path.join(fx.cwd, "debug.log"), "ignored\n");
		const original = files(fx.cwd);
		const gitBefore = hashTree(path.join(fx.cwd, ".git"));
		const server = await fx.serve([...bashTurn("rm keep.txt && mkdir -p out && echo made > out/new.txt && echo log2 > debug.log", "Done."), textReply("Second.")]);
		const run = await cli(["-p", ...model(server.url), "--tools", "bash", "change files"]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const [file] = sessionFiles(fx.home);
		const list = checkpoints(file!);
		expect(list.map((e) => e.data.reason)).toEqual(["before-prompt", "after-turn"]);
		// The first is the prompt's, beside it (its parent is the user message); the tool's found the same tree.
		const byId = new Map(entries(file!).map((e) => [e.id, e]));
		expect(byId.get(list[0].parentId)?.message?.role).toBe("user");
		expect(list[0].data).toMatchObject({ cwd: fx.cwd, files: 3, skipped: [] }); // .gitignore, a.txt, keep.txt (debug.log is ignored)

		// A second turn with no tool: no checkpoint.
		const again = await cli(["-p", "-c", ...model(server.url), "--tools", "bash", "and?"]);
		expect(again.code).toBe(0);
		expect(checkpoints(file!)).toHaveLength(2);

		const listed = await cli(["checkpoints", file!, "--json"]);
		expect(JSON.parse(listed.stdout).map((c: { entryId: string }) => c.entryId)).toEqual(list.map((e) => e.id));

		const diff = await cli(["diff", file!, list[0].id, list[1].id]);
		expect(diff.stdout).toContain("+++ b/out/new.txt");
		expect(diff.stdout).toContain("--- a/keep.txt");
		expect(diff.stdout).not.toContain("debug.log");

		const dry = await cli(["restore", file!, list[0].id, "--dry-run", "--json"]);
		expect(JSON.parse(dry.stdout).changes).toEqual([
			{ path: "keep.txt", status: "added" },
			{ path: "out/new.txt", status: "deleted" },
		]);
		expect(files(fx.cwd)["out/new.txt"]).toBe("made\n");

		const restored = await cli(["restore", file!, list[0].id, "--json"]);
		expect([restored.code, restored.stderr]).toEqual([0, ""]);
		// Ignored files are never touched: debug.log keeps what bash wrote.
		expect(files(fx.cwd)).toEqual({ ...original, "debug.log": "log2\n" });
		const undo = JSON.parse(restored.stdout).safetyCheckpoint as string;
		expect(await cli(["restore", file!, undo])).toMatchObject({ code: 0 });
		expect(files(fx.cwd)["out/new.txt"]).toBe("made\n");
		expect(files(fx.cwd)["keep.txt"]).toBeUndefined();
		expect(hashTree(path.join(fx.cwd, ".git"))).toEqual(gitBefore);

		expect((await cli(["restore", file!, "nosuchentry"])).code).toBe(2);

		// gc keeps every tree a session references: restoring the first checkpoint still works after it.
		const gc = await cli(["checkpoints", file!, "--gc", "--json"]);
		expect(gc.code).toBe(0);
		const trees = new Set(checkpoints(file!).map((e) => e.data.tree));
		expect(JSON.parse(gc.stdout)).toMatchObject({ cwd: fx.cwd, kept: trees.size });
		expect((await cli(["restore", file!, list[0].id])).code).toBe(0);
		expect(files(fx.cwd)["keep.txt"]).toBe("keep\n");
		expect(hashTree(path.join(fx.cwd, ".git"))).toEqual(gitBefore);

		// The plan in words counts its files in the right number.
		expect((await cli(["restore", file!, list[1].id, "--dry-run"])).stdout).toContain(`Restoring ${list[1].id} would change 2 files:`);
		fs.writeFileSync(path.join(fx.cwd, "keep.txt"), "changed\n");
		expect((await cli(["restore", file!, list[0].id, "--dry-run", "--include-user-changes"])).stdout).toContain(`Restoring ${list[0].id} would change 1 file:`);
		// Without the flag the hand edit is listed apart and kept.
		expect((await cli(["restore", file!, list[0].id, "--dry-run"])).stdout).toContain("It would keep your own changes made between turns (--include-user-changes restores them too):\n  M keep.txt");
	});

	it("navigate and fork --restore-files; the fork carries its checkpoints", async () => {
		const server = await fx.serve([...bashTurn("echo one > a.txt", "One."), ...bashTurn("echo two > a.txt && echo b > b.txt", "Two.")]);
		fs.writeFileSync(path.join(fx.cwd, "a.txt"), "zero\n");
		expect((await cli(["-p", ...model(server.url), "--tools", "bash", "first"])).code).toBe(0);
		expect((await cli(["-p", "-c", ...model(server.url), "--tools", "bash", "second"])).code).toBe(0);
		const [file] = sessionFiles(fx.home);
		const list = checkpoints(file!);
		expect(list.map((e) => e.data.reason)).toEqual(["before-prompt", "after-turn", "after-turn"]);
		const afterFirst = list[1];
		const nav = await cli(["navigate", file!, afterFirst.id, "--restore-files", "--json"]);
		expect(nav.code).toBe(0);
		expect(JSON.parse(nav.stdout).restored.changes).toEqual([
			{ path: "a.txt", status: "changed" },
			{ path: "b.txt", status: "deleted" }, // what the restore does
		]);
		expect(files(fx.cwd)).toEqual({ "a.txt": "one\n" });

		const fork = await cli(["fork", file!, list[0].id, "--restore-files", "--json"]);
		expect(fork.code).toBe(0);
		const forked = JSON.parse(fork.stdout);
		expect(files(fx.cwd)).toEqual({ "a.txt": "zero\n" });
		expect(checkpoints(forked.file).map((e) => e.id)).toEqual([list[0].id]);
		const listedFork = await cli(["checkpoints", forked.file]);
		expect(listedFork.stdout).toContain(list[0].id);
	});

	it("a session whose checkpoints are in another store (another ARBOR_HOME, another machine): restore, navigate --restore-files and diff say so, exit 1, change nothing", async () => {
		const server = await fx.serve([...bashTurn("rm -f a.txt && mkdir a.txt && echo in > a.txt/in.txt", "Made a folder.")]);
		fs.writeFileSync(path.join(fx.cwd, "a.txt"), "zero\n"); // the first checkpoint is not git's empty tree, which every store has
		expect((await cli(["-p", ...model(server.url), "--tools", "bash", "first"])).code).toBe(0);
		const [file] = sessionFiles(fx.home);
		const list = checkpoints(file!);
		const before = files(fx.cwd);
		const lines = fs.readFileSync(file!, "utf8");
		// The same session file, another home: its store (made by this run) lacks the session's trees.
		const other = path.join(fx.home, "..", "other-home");
		const elsewhere = (args: string[]) => runCli(args, { cwd: fx.cwd, env: { ARBOR_HOME: other } });
		const missing = `the files of checkpoint ${list[0]!.id} are not in this checkpoint store`;
		for (const args of [["restore", file!, list[0]!.id], ["restore", file!, list[0]!.id, "--dry-run"], ["navigate", file!, list[0]!.id, "--restore-files"], ["diff", file!, list[0]!.id]]) {
			const run = await elsewhere(args);
			expect([run.code, run.stdout], args.join(" ")).toEqual([1, ""]);
			expect(run.stderr).toContain(missing);
			expect(run.stderr).toContain("no file was changed");
			expect(run.stderr).not.toContain("fatal");
		}
		expect(files(fx.cwd)).toEqual(before);
		expect(fs.readFileSync(file!, "utf8")).toBe(lines);
		// In its own home the restore works.
		expect((await cli(["restore", file!, list[0]!.id])).code).toBe(0);
		expect(files(fx.cwd)).toEqual({ "a.txt": "zero\n" });
	});

	it("--no-checkpoints and \"checkpoints\": false take none; a file over the cap is reported", async () => {
		const server = await fx.serve([...bashTurn("echo x > a.txt", "A."), ...bashTurn("echo y > a.txt", "B."), ...bashTurn("echo z > a.txt", "C.")]);
		fs.writeFileSync(path.join(fx.cwd, "big.bin"), "b".repeat(100));
		expect((await cli(["-p", ...model(server.url), "--tools", "bash", "--no-checkpoints", "one"])).code).toBe(0);
		const [file] = sessionFiles(fx.home);
		expect(checkpoints(file!)).toEqual([]);
		fs.writeFileSync(path.join(fx.home, "settings.json"), JSON.stringify({ checkpoints: false }));
		expect((await cli(["-p", "-c", ...model(server.url), "--tools", "bash", "two"])).code).toBe(0);
		expect(checkpoints(file!)).toEqual([]);
		fs.writeFileSync(path.join(fx.home, "settings.json"), JSON.stringify({ checkpointMaxFileBytes: 50 }));
		expect((await cli(["-p", "-c", ...model(server.url), "--tools", "bash", "three"])).code).toBe(0);
		expect(checkpoints(file!)[0].data.skipped).toEqual([{ path: "big.bin", reason: "over 50 B (100 B)" }]);
		const listed = await cli(["checkpoints", file!]);
		expect(listed.stdout).toContain("1 left out");
		// a.txt alone, in the right number.
		expect(checkpoints(file!)[0].data.files).toBe(1);
		expect(listed.stdout).toContain("  1 file, ");
		// The first turn took none: its entries have no file state.
		const firstUser = entries(file!).find((e) => e.message?.role === "user");
		const none = await cli(["restore", file!, firstUser.id]);
		expect([none.code, none.stderr]).toEqual([1, `arbor: ${firstUser.id} has no checkpoint on its path\n`]);
	});

	it("a cwd that is the home folder: one warning on stderr, the turn goes on", async () => {
		const server = await fx.serve(bashTurn("echo x > a.txt", "A."));
		const run = await runCli(["-p", ...model(server.url), "--tools", "bash", "one"], { cwd: fx.cwd, env: { ARBOR_HOME: fx.home, HOME: fx.cwd } });
		expect(run.code).toBe(0);
		expect(run.stderr).toBe(`arbor: checkpoints off: no checkpoints in ${fx.cwd} (the home folder)\n`);
		expect(run.stdout).toBe("A.\n");
	});

	it("without git on PATH: one warning, the turn goes on", async () => {
		const server = await fx.serve([toolCallReply([{ id: "w1", name: "write", args: { path: "a.txt", content: "x\n" } }]), textReply("A.")]);
		const run = await runCli(["-p", ...model(server.url), "--tools", "write", "one"], { cwd: fx.cwd, env: { ARBOR_HOME: fx.home, PATH: path.join(fx.home, "no-bin") } });
		expect([run.code, run.stdout]).toEqual([0, "A.\n"]);
		expect(run.stderr).toBe("arbor: checkpoints off: git was not found on PATH\n");
		expect(files(fx.cwd)).toEqual({ "a.txt": "x\n" });
	});

	it("extensions see session_before_restore (a cancel writes nothing, exit 1) and session_restore", async () => {
		const server = await fx.serve(bashTurn("echo changed > a.txt", "A."));
		fs.writeFileSync(path.join(fx.cwd, "a.txt"), "original\n");
		expect((await cli(["-p", ...model(server.url), "--tools", "bash", "one"])).code).toBe(0);
		const [file] = sessionFiles(fx.home);
		const [before] = checkpoints(file!);
		const extension = path.join(fx.home, "restore-ext.ts");
		fs.writeFileSync(
			extension,
			`export default (arbor: any) => {
				arbor.on("session_before_restore", (e: any) => (process.env.NO_RESTORE ? { cancel: true } : undefined));
				arbor.on("session_restore", (e: any, ctx: any) => ctx.ui.notify("restored " + e.checkpointEntryId + ": " + e.changes.map((c: any) => c.status + " " + c.path).join(", ")));
			}`,
		);
		const lines = fs.readFileSync(file!, "utf8");
		const cancelled = await runCli(["restore", file!, before.id, "--extension", extension], { cwd: fx.cwd, env: { ARBOR_HOME: fx.home, NO_RESTORE: "1" } });
		expect([cancelled.code, cancelled.stderr]).toEqual([1, "arbor: restore cancelled by an extension\n"]);
		expect(fs.readFileSync(file!, "utf8")).toBe(lines);
		expect(files(fx.cwd)).toEqual({ "a.txt": "changed\n" });
		const done = await cli(["restore", file!, before.id, "--extension", extension]);
		expect(done.code).toBe(0);
		expect(done.stderr).toBe(`arbor: restored ${before.id}: changed a.txt\n`);
		expect(files(fx.cwd)).toEqual({ "a.txt": "original\n" });
	});
});
