import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { SessionStore } from "../../source/session/store.js";
import { files } from "../checkpoints/helpers.js";
import { checkpointEntries, useProjectCli } from "../checkpoints/cli-run.js";

const fx = useProjectCli();
const bashTurn = (command: string, answer: string) => [toolCallReply([{ id: "c1", name: "bash", args: { command } }]), textReply(answer)];
const byRole = (file: string, role: string) => entries(file).filter((e) => e.type === "message" && e.message.role === role);
const write = (name: string, text: string) => fs.writeFileSync(path.join(fx.at.cwd, name), text);

describe("every prompt is a point the files can go back to (built CLI, real git)", () => {
	it("an entry before the first file-changing turn restores; no message changes the entry it hangs off", async () => {
		write("a.txt", "zero\n");
		fx.server = await startSseServer([textReply("Hello."), ...bashTurn("echo one > a.txt && echo new > b.txt", "Changed.")]);
		expect((await fx.cli(["-p", ...model(fx.server.url), "--tools", "bash", "hi"])).code).toBe(0);
		expect((await fx.cli(["-p", "-c", ...model(fx.server.url), "--tools", "bash", "change"])).code).toBe(0);
		const [file] = sessionFiles(fx.at.home);
		const [hi, change] = byRole(file!, "user");
		const [hello, toolStep] = byRole(file!, "assistant");
		// The messages hang off one another as before: the prompt's snapshot is a side child of its prompt.
		expect([hello.parentId, change.parentId, toolStep.parentId]).toEqual([hi.id, hello.id, change.id]);
		const list = checkpointEntries(file!);
		// The second prompt found the tree unchanged: no entry; the tool's own snapshot was the same tree too.
		expect(list.map((e) => [e.data.reason, e.parentId === hi.id])).toEqual([
			["before-prompt", true],
			["after-turn", false],
		]);
		for (const id of [hi.id, hello.id, change.id]) {
			const dry = await fx.cli(["restore", file!, id, "--dry-run", "--json"]);
			expect([dry.code, dry.stderr, JSON.parse(dry.stdout || "{}").checkpoint]).toEqual([0, "", list[0].id]);
		}
		// One direction: diff goes from the entry's files to now, restore from now to the entry's files.
		const diff = JSON.parse((await fx.cli(["diff", file!, hello.id, "--json"])).stdout);
		const plan = JSON.parse((await fx.cli(["restore", file!, hello.id, "--dry-run", "--json"])).stdout);
		expect([plan.from, plan.to]).toEqual([diff.to, diff.from]);
		expect(diff.changes).toEqual([{ path: "a.txt", status: "changed" }, { path: "b.txt", status: "added" }]);
		expect(plan.changes).toEqual([{ path: "a.txt", status: "changed" }, { path: "b.txt", status: "deleted" }]);
		const restored = await fx.cli(["restore", file!, hello.id]);
		expect([restored.code, restored.stderr]).toEqual([0, ""]);
		expect(files(fx.at.cwd)).toEqual({ "a.txt": "zero\n" });
		// The move does it as well.
		const nav = await fx.cli(["navigate", file!, hi.id, "--restore-files", "--json"]);
		expect([nav.code, nav.stderr]).toEqual([0, ""]);
		// A fork carries the prompt's snapshot along with its prompt.
		write("a.txt", "later\n");
		const fork = await fx.cli(["fork", file!, hello.id, "--restore-files", "--json"]);
		expect([fork.code, fork.stderr]).toEqual([0, ""]);
		expect(checkpointEntries(JSON.parse(fork.stdout).file).map((e) => e.id)).toEqual([list[0].id]);
		// The hand edit is the user's own: kept by default, listed apart.
		expect(JSON.parse(fork.stdout).restored.userChanges).toEqual([{ path: "a.txt", status: "changed" }]);
		expect(files(fx.at.cwd)).toEqual({ "a.txt": "later\n" });
	});

	it("a prompt after a change by hand records it (a new point); an unchanged tree records nothing", async () => {
		write("a.txt", "zero\n");
		fx.server = await startSseServer([textReply("One."), textReply("Two."), textReply("Three.")]);
		expect((await fx.cli(["-p", ...model(fx.server.url), "first"])).code).toBe(0);
		expect((await fx.cli(["-p", "-c", ...model(fx.server.url), "second"])).code).toBe(0);
		write("a.txt", "by hand\n");
		expect((await fx.cli(["-p", "-c", ...model(fx.server.url), "third"])).code).toBe(0);
		const [file] = sessionFiles(fx.at.home);
		const users = byRole(file!, "user");
		expect(checkpointEntries(file!).map((e) => users.findIndex((u) => u.id === e.parentId))).toEqual([0, 2]);
		const [two] = byRole(file!, "assistant").slice(1);
		expect((await fx.cli(["restore", file!, two.id, "--include-user-changes"])).code).toBe(0);
		expect(files(fx.at.cwd)).toEqual({ "a.txt": "zero\n" });
	});
});

describe("a restore keeps the user's own changes made between turns (built CLI, real git)", () => {
	it("a hand-made file and a hand edit are kept and listed apart; --include-user-changes restores them; the undo line pastes", async () => {
		write("a.txt", "zero\n");
		fx.server = await startSseServer([...bashTurn("echo agent > a.txt && echo made > agent.txt", "Changed.")]);
		expect((await fx.cli(["-p", ...model(fx.server.url), "--tools", "bash", "please change the files of this project now"])).code).toBe(0);
		const [file] = sessionFiles(fx.at.home);
		const [prompt] = byRole(file!, "user");
		write("user.txt", "mine\n");
		const dry = await fx.cli(["restore", file!, prompt.id, "--dry-run", "--json"]);
		expect(JSON.parse(dry.stdout)).toMatchObject({ changes: [{ path: "a.txt", status: "changed" }, { path: "agent.txt", status: "deleted" }], userChanges: [{ path: "user.txt", status: "deleted" }] });
		const restored = await fx.cli(["restore", file!, prompt.id]);
		expect([restored.code, restored.stderr]).toEqual([0, ""]);
		expect(restored.stdout).toContain("It kept your own changes made between turns (--include-user-changes restores them too):\n  D user.txt");
		expect(files(fx.at.cwd)).toEqual({ "a.txt": "zero\n", "user.txt": "mine\n" });
		// The undo line names the session by its id: pasted as it is, it brings back the agent's files.
		const undo = /undo: (arbor restore \S+ \S+)\)/.exec(restored.stdout)?.[1] ?? "";
		const sessionId = entries(file!)[0].id as string;
		expect(undo.split(" ")[2]).toBe(sessionId);
		expect((await fx.cli(undo.split(" ").slice(1))).code).toBe(0);
		expect(files(fx.at.cwd)).toEqual({ "a.txt": "agent\n", "agent.txt": "made\n", "user.txt": "mine\n" });
		// A hand edit of a file the agent changed is the user's now; including them, both go back.
		write("a.txt", "edited by hand\n");
		const kept = await fx.cli(["restore", file!, prompt.id, "--json"]);
		expect(JSON.parse(kept.stdout).userChanges).toEqual([{ path: "a.txt", status: "changed" }, { path: "user.txt", status: "deleted" }]);
		expect(files(fx.at.cwd)).toEqual({ "a.txt": "edited by hand\n", "user.txt": "mine\n" });
		expect((await fx.cli(["restore", file!, prompt.id, "--include-user-changes"])).code).toBe(0);
		expect(files(fx.at.cwd)).toEqual({ "a.txt": "zero\n" });
		// `arbor checkpoints` names each checkpoint's turn by its prompt's first words.
		const listed = (await fx.cli(["checkpoints", file!])).stdout.split("\n");
		expect(listed[0]).toMatch(/before-prompt {2}"please change the files of this project…"$/);
	});
});

describe("arbor restore while another arbor (the chat) holds the session", () => {
	it("refuses (exit 2), changes nothing and says how to restore from the chat; --dry-run still works", async () => {
		write("a.txt", "zero\n");
		fx.server = await startSseServer([...bashTurn("echo agent > a.txt", "Changed.")]);
		expect((await fx.cli(["-p", ...model(fx.server.url), "--tools", "bash", "change"])).code).toBe(0);
		const [file] = sessionFiles(fx.at.home);
		const [prompt] = byRole(file!, "user");
		const holder = SessionStore.open(file!, { write: true });
		try {
			const refused = await fx.cli(["restore", file!, prompt.id]);
			expect(refused.code).toBe(2);
			expect(refused.stderr).toContain("another arbor is writing it");
			expect(refused.stderr).toContain("to restore files while it is open there, type /restore <entry id> in it (or select the entry in its /tree, then Restore files");
			expect(files(fx.at.cwd)).toEqual({ "a.txt": "agent\n" });
			expect((await fx.cli(["restore", file!, prompt.id, "--dry-run"])).code).toBe(0);
		} finally {
			holder.close();
		}
	});
});
