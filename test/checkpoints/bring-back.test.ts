import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bringBack } from "../../source/checkpoints/bring-back.js";
import { CheckpointStore } from "../../source/checkpoints/store.js";
import { materialiseCopy } from "../../source/checkpoints/work-copy.js";
import { hashTree, tempProject, userRepo } from "./helpers.js";

let project: ReturnType<typeof tempProject> | undefined;
afterEach(() => project?.done());

const write = (dir: string, file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), "utf8");

/** A project, a copy of it in the store, and the stores of both. */
async function projectAndCopy() {
	project = tempProject();
	const { cwd, home } = project;
	userRepo(cwd);
	write(cwd, "keep.txt", "1\n2\n3\n4\n5\n");
	write(cwd, "gone.txt", "bye\n");
	write(cwd, "both.txt", "x\n");
	const store = new CheckpointStore(home, cwd);
	const base = (await store.snapshot()).tree;
	const copy = await materialiseCopy({ home, projectCwd: cwd, tree: base, dir: path.join(home, "tasks", "t1") });
	const copyStore = new CheckpointStore(home, cwd, undefined, { workTree: copy.cwd, indexFile: copy.indexFile });
	return { cwd, store, base, copy, copyStore };
}

describe("bringBack: a copy's changes into the folder it came from (docs/tasks.md)", () => {
	it("added, removed and changed files come back; lines apart are merged; the user's .git is never touched", async () => {
		const { cwd, store, base, copy, copyStore } = await projectAndCopy();
		const gitBefore = hashTree(path.join(cwd, ".git"));
		write(copy.cwd, "new.txt", "new\n");
		fs.rmSync(path.join(copy.cwd, "gone.txt"));
		write(copy.cwd, "keep.txt", "1\n2\n3\n4\nFIVE\n");
		write(cwd, "keep.txt", "ONE\n2\n3\n4\n5\n");
		const end = (await copyStore.snapshot()).tree;
		const back = await bringBack(store, base, end);
		expect(back.notApplied).toEqual([]);
		expect(back.applied.map((c) => `${c.status} ${c.path}`).sort()).toEqual(["added new.txt", "changed keep.txt", "deleted gone.txt"]);
		expect(read(cwd, "keep.txt")).toBe("ONE\n2\n3\n4\nFIVE\n");
		expect(read(cwd, "new.txt")).toBe("new\n");
		expect(fs.existsSync(path.join(cwd, "gone.txt"))).toBe(false);
		expect(hashTree(path.join(cwd, ".git"))).toEqual(gitBefore);
	});

	it("the same lines changed, a file removed on one side and changed on the other, a file added on both: left as the folder has them, named", async () => {
		const { cwd, store, base, copy, copyStore } = await projectAndCopy();
		write(copy.cwd, "keep.txt", "1\nTWO copy\n3\n4\n5\n");
		write(cwd, "keep.txt", "1\nTWO user\n3\n4\n5\n");
		fs.rmSync(path.join(copy.cwd, "gone.txt"));
		write(cwd, "gone.txt", "still here\n");
		write(copy.cwd, "added.txt", "copy\n");
		write(cwd, "added.txt", "user\n");
		write(copy.cwd, "both.txt", "y\n");
		write(cwd, "both.txt", "y\n");
		const end = (await copyStore.snapshot()).tree;
		const back = await bringBack(store, base, end);
		expect(back).toEqual({ applied: [], notApplied: ["added.txt", "gone.txt", "keep.txt"] });
		expect([read(cwd, "keep.txt"), read(cwd, "gone.txt"), read(cwd, "added.txt"), read(cwd, "both.txt")]).toEqual(["1\nTWO user\n3\n4\n5\n", "still here\n", "user\n", "y\n"]);
	});
});
