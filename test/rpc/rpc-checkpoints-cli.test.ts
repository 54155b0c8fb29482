import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { files, hashTree, userRepo } from "../checkpoints/helpers.js";
import { cleanUp, startRpc, type Rpc } from "./helpers.js";

afterEach(cleanUp);

type Entry = { id: string; type: string; customType?: string; data?: { reason?: string }; message?: { role: string } };

/** A turn whose write and bash tools change the project: a.txt rewritten, gone.txt deleted, made.txt created. */
const changingTurn = () => [
	toolCallReply([{ id: "c1", name: "write", args: { path: "a.txt", content: "changed\n" } }], { text: "Writing." }),
	toolCallReply([{ id: "c2", name: "bash", args: { command: "rm gone.txt && echo made > made.txt" } }]),
	textReply("Done."),
];

/** The user's project: a git repository with a commit, a stash and an exclude rule, an untracked and an ignored file. */
function project(cwd: string): void {
	userRepo(cwd);
	writeFileSync(join(cwd, "gone.txt"), "keep me\n");
	writeFileSync(join(cwd, "debug.log"), "ignored\n");
}

async function entries(rpc: Rpc): Promise<Entry[]> {
	const got = await rpc.send({ type: "get_entries" });
	expect(got.success).toBe(true);
	return got.data.entries as Entry[];
}

const checkpointsOf = (list: Entry[]) => list.filter((e) => e.type === "custom" && e.customType === "arbor.checkpoint");

async function cliJson(rpc: Rpc, args: string[]): Promise<unknown> {
	const run = await runCli(args, { cwd: rpc.cwd, env: { ARBOR_HOME: rpc.home } });
	expect(run.stderr).toBe("");
	expect(run.code).toBe(0);
	return JSON.parse(run.stdout);
}

describe("arbor --mode rpc: checkpoints of the project's files", () => {
	it("a turn's write and bash are checkpointed; get_checkpoints, restore_files (dry run, restore, undo) and navigate_tree restoreFiles answer what the subcommands do; .git is never touched", async () => {
		const rpc = await startRpc([textReply("Hello."), ...changingTurn()], ["--yes"], { before: ({ cwd }) => project(cwd) });
		const gitBefore = hashTree(join(rpc.cwd, ".git"));
		const before = files(rpc.cwd);
		// The first prompt records the files as it is sent; a turn without tools takes no other.
		await rpc.client.promptAndWait("hi", undefined, 30_000);
		expect(checkpointsOf(await entries(rpc)).map((e) => e.data?.reason)).toEqual(["before-prompt"]);
		await rpc.client.promptAndWait("change the files", undefined, 30_000);
		const after = files(rpc.cwd);
		expect(after["a.txt"]).toBe("changed\n");
		expect(after["made.txt"]).toBe("made\n");
		expect(after["gone.txt"]).toBeUndefined();

		const all = await entries(rpc);
		expect(checkpointsOf(all).map((e) => e.data?.reason)).toEqual(["before-prompt", "after-turn"]);
		const file = (await rpc.client.getState()).sessionFile as string;
		const listed = await rpc.send({ type: "get_checkpoints" });
		expect(listed.success).toBe(true);
		expect(listed.data.checkpoints).toEqual(await cliJson(rpc, ["checkpoints", file, "--json"]));
		expect(listed.data.checkpoints).toHaveLength(2);

		// The file state of the first reply (its tool call) is the snapshot taken before the write.
		const replies = all.filter((e) => e.type === "message" && e.message?.role === "assistant");
		const [hello, firstReply] = replies as [Entry, Entry];
		const lastReply = replies.at(-1) as Entry;
		const dry = await rpc.send({ type: "restore_files", entryId: firstReply.id, dryRun: true });
		expect(dry.success).toBe(true);
		expect(dry.data).toEqual(await cliJson(rpc, ["restore", file, firstReply.id, "--dry-run", "--json"]));
		expect(dry.data.changes.map((c: { path: string }) => c.path).sort()).toEqual(["a.txt", "gone.txt", "made.txt"]);
		expect(files(rpc.cwd)).toEqual(after);

		const restored = await rpc.send({ type: "restore_files", entryId: firstReply.id });
		expect(restored.success).toBe(true);
		expect(restored.data).toMatchObject({ entryId: firstReply.id, checkpoint: checkpointsOf(all)[0]?.id, kept: [] });
		expect(files(rpc.cwd)).toEqual(before);
		expect(readFileSync(join(rpc.cwd, "debug.log"), "utf8")).toBe("ignored\n");
		expect(hashTree(join(rpc.cwd, ".git"))).toEqual(gitBefore);

		// The safety checkpoint undoes it.
		const undo = await rpc.send({ type: "restore_files", entryId: restored.data.safetyCheckpoint });
		expect(undo.success).toBe(true);
		expect(files(rpc.cwd)).toEqual(after);

		// navigate_tree with restoreFiles: the leaf and the files move together, there and back.
		const back = await rpc.send({ type: "navigate_tree", entryId: firstReply.id, restoreFiles: true });
		expect(back.success).toBe(true);
		expect(back.data).toMatchObject({ moved: true, leafId: firstReply.id, restored: { entryId: firstReply.id } });
		expect(back.data.restored.changes.length).toBe(3);
		expect(files(rpc.cwd)).toEqual(before);
		const forth = await rpc.send({ type: "navigate_tree", entryId: lastReply.id, restoreFiles: true });
		expect(forth.success).toBe(true);
		expect(forth.data).toMatchObject({ moved: true, leafId: lastReply.id });
		expect(files(rpc.cwd)).toEqual(after);
		expect(existsSync(join(rpc.cwd, "gone.txt"))).toBe(false);

		// The reply before the first file-changing turn has the first prompt's file state.
		const toHello = await rpc.send({ type: "navigate_tree", entryId: hello.id, restoreFiles: true });
		expect(toHello).toMatchObject({ success: true, data: { moved: true, leafId: hello.id } });
		expect(files(rpc.cwd)).toEqual(before);
		expect(hashTree(join(rpc.cwd, ".git"))).toEqual(gitBefore);
		expect(rpc.stderr()).toBe("");
	});

	it("--no-checkpoints takes none and refuses restore_files", async () => {
		const rpc = await startRpc(changingTurn(), ["--yes", "--no-checkpoints"], { before: ({ cwd }) => project(cwd) });
		await rpc.client.promptAndWait("change the files", undefined, 30_000);
		expect(readFileSync(join(rpc.cwd, "a.txt"), "utf8")).toBe("changed\n");
		const all = await entries(rpc);
		expect(checkpointsOf(all)).toEqual([]);
		expect((await rpc.send({ type: "get_checkpoints" })).data).toEqual({ checkpoints: [] });
		const reply = all.find((e) => e.type === "message" && e.message?.role === "assistant") as Entry;
		expect(await rpc.send({ type: "restore_files", entryId: reply.id })).toMatchObject({ success: false, error: 'checkpoints are off (--no-checkpoints or "checkpoints": false)' });
		expect(rpc.stderr()).toBe("");
	});

	it('"checkpoints": false in settings takes none; a refused snapshot is said once on stderr and the turn goes on', async () => {
		const off = await startRpc(changingTurn(), ["--yes"], {
			before: ({ cwd, home }) => {
				project(cwd);
				writeFileSync(join(home, "settings.json"), JSON.stringify({ checkpoints: false }));
			},
		});
		await off.client.promptAndWait("change the files", undefined, 30_000);
		expect(checkpointsOf(await entries(off))).toEqual([]);

		const refused = await startRpc(changingTurn(), ["--yes"], {
			before: ({ cwd, home }) => {
				project(cwd);
				writeFileSync(join(home, "settings.json"), JSON.stringify({ checkpointMaxFiles: 1 }));
			},
		});
		const events = await refused.client.promptAndWait("change the files", undefined, 30_000);
		expect(readFileSync(join(refused.cwd, "made.txt"), "utf8")).toBe("made\n");
		expect(checkpointsOf(await entries(refused))).toEqual([]);
		const lines = refused.stderr().split("\n").filter((l) => l !== "");
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^arbor: checkpoints off: /);
		expect(JSON.stringify(events)).not.toContain("checkpoints off");
		expect(await refused.client.getLastAssistantText()).toBe("Done.");
	});

	it("extensions see session_before_restore (a cancel writes nothing and moves nothing) and session_restore", async () => {
		const extension = `export default (arbor: any) => {
			arbor.on("session_before_restore", () => (require("node:fs").existsSync(process.env.ARBOR_HOME + "/cancel-restore") ? { cancel: true } : undefined));
			arbor.on("session_restore", (e: any, ctx: any) => ctx.ui.notify("restored " + e.checkpointEntryId + ": " + e.changes.map((c: any) => c.status + " " + c.path).join(", ")));
		}`;
		const rpc = await startRpc(changingTurn(), ["--yes"], {
			extensions: (cwd) => {
				mkdirSync(join(cwd, ".arbor/extensions"), { recursive: true });
				writeFileSync(join(cwd, ".arbor/extensions/restore.ts"), extension);
			},
			before: ({ cwd }) => project(cwd),
		});
		await rpc.client.promptAndWait("change the files", undefined, 30_000);
		const after = files(rpc.cwd);
		const all = await entries(rpc);
		const [firstCheckpoint] = checkpointsOf(all);
		const firstReply = all.find((e) => e.type === "message" && e.message?.role === "assistant") as Entry;
		const leaf = ((await rpc.client.getState()) as { leafId?: string }).leafId;

		writeFileSync(join(rpc.home, "cancel-restore"), "");
		expect(await rpc.send({ type: "restore_files", entryId: firstReply.id })).toMatchObject({ success: false, error: "restore cancelled by an extension" });
		expect(await rpc.send({ type: "navigate_tree", entryId: firstReply.id, restoreFiles: true })).toMatchObject({ success: false, error: "restore cancelled by an extension" });
		expect(files(rpc.cwd)).toEqual(after);
		expect(await entries(rpc)).toEqual(all);
		expect(((await rpc.client.getState()) as { leafId?: string }).leafId).toBe(leaf);

		rmSync(join(rpc.home, "cancel-restore"));
		expect(await rpc.send({ type: "restore_files", entryId: firstReply.id })).toMatchObject({ success: true });
		const notice = await waitFor(() => rpc.events.find((e) => e.type === "extension_ui_request" && e.method === "notify"), { what: "the session_restore notice" });
		expect(notice.message).toBe(`restored ${firstCheckpoint?.id}: changed a.txt, added gone.txt, deleted made.txt`);
		expect(readFileSync(join(rpc.cwd, "gone.txt"), "utf8")).toBe("keep me\n");
	});
});
