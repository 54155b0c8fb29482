import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { model, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { checkpointEntries } from "./cli-run.js";

let server: SseServer | undefined;
let root = "";
afterEach(async () => {
	await server?.close();
	server = undefined;
	if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The paths a checkpoint's tree holds, read from the store with git. */
function treePaths(storeGit: string, tree: string): string[] {
	return execFileSync("git", [`--git-dir=${storeGit}`, "ls-tree", "-r", "--name-only", tree], { encoding: "utf8", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } }).split("\n").filter(Boolean);
}

describe("ARBOR_HOME inside the project", () => {
	for (const [name, home] of [
		["named as it is", (cwd: string) => path.join(cwd, "arbor-home")],
		["named through a link to the project", (cwd: string) => path.join(path.dirname(cwd), "link", "arbor-home")],
		["named relative to the cwd", () => "arbor-home"],
	] as const) {
		it(`${name}: no checkpoint holds the home (sessions, the store itself)`, async () => {
			root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-home-in-")));
			const cwd = path.join(root, "project");
			fs.mkdirSync(cwd);
			fs.symlinkSync(cwd, path.join(root, "link"));
			fs.writeFileSync(path.join(cwd, "a.txt"), "a\n");
			server = await startSseServer((body: { messages: { role: string }[] }) => (body.messages.at(-1)?.role === "tool" ? textReply("Done.") : toolCallReply([{ id: "c1", name: "bash", args: { command: "echo b > b.txt" } }])));
			for (const prompt of ["first", "second"]) {
				const run = await runCli(["-p", ...model(server.url), "--tools", "bash", prompt], { cwd, env: { ARBOR_HOME: home(cwd) } });
				expect(run.stderr).toBe("");
				expect(run.code).toBe(0);
			}
			const realHome = path.join(cwd, "arbor-home");
			const stores = fs.readdirSync(path.join(realHome, "checkpoints"));
			expect(stores).toHaveLength(1);
			const trees = sessionFiles(realHome).flatMap((file) => checkpointEntries(file).map((e) => e.data.tree as string));
			expect(trees.length).toBeGreaterThan(2);
			for (const tree of new Set(trees)) expect(treePaths(path.join(realHome, "checkpoints", stores[0]!, "git"), tree)).toEqual(["a.txt", "b.txt"].filter((p) => tree !== trees[0] || p === "a.txt"));
		});
	}
});
