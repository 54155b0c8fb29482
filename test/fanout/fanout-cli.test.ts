import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { textReply } from "../helpers/sse-server.js";
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
});
