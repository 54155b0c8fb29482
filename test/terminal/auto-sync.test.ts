/**
 * `"sync": {"auto": true}` in the chat (virtual terminal): a sync at start and after each turn, in
 * the background, against a bare remote with two homes and two clones (world.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { git, handSession, sessionsOf } from "../sync/world.js";
import { autoSyncOn, useSyncChat } from "./sync-chat.js";

const sync = useSyncChat();

describe('"sync": {"auto": true} in the chat', () => {
	it("syncs at start and after each turn, in the background", async () => {
		const w = sync.world();
		const theirs = handSession(w.b, "from the desktop");
		expect((await w.cli(w.b, ["sync"])).code).toBe(0);
		autoSyncOn(w.a);
		const t = await sync.chat(w.a, [textReply("Reply from the model")]);
		// At start: the desktop's session comes in without a key pressed.
		await t.waitForScreen((s) => s.includes("Auto-synced with origin: 0 entries sent, 2 fetched"), "the start-up sync");
		expect(sessionsOf(w.a).some((f) => f.endsWith(`${theirs.id}.jsonl`))).toBe(true);
		t.send("hello from the laptop", "Enter");
		await t.waitForScreen((s) => s.includes("Reply from the model") && /Auto-synced with origin: [1-9]\d* entries sent, 0 fetched/.test(s), "the turn, then its sync");
		const refs = git(w.root, "--git-dir", w.remote, "for-each-ref", "--format=%(refname)", "refs/arbor/sessions/");
		expect(refs.split("\n")).toHaveLength(2);
		// The desktop gets the laptop's turn; the remote's branches are untouched.
		expect((await w.cli(w.b, ["sync"])).code).toBe(0);
		const mine = sessionsOf(w.b).find((f) => !f.endsWith(`${theirs.id}.jsonl`));
		expect(fs.readFileSync(mine!, "utf8")).toContain("hello from the laptop");
		expect(git(w.root, "--git-dir", w.remote, "for-each-ref", "--format=%(refname)", "refs/heads/")).toBe("refs/heads/main");
	});

	it("a failure is one line in the status line, and the chat goes on", async () => {
		const w = sync.world();
		autoSyncOn(w.a);
		git(w.a.cwd, "remote", "set-url", "origin", path.join(w.root, "gone.git"));
		const t = await sync.chat(w.a, [textReply("Still answering")]);
		await t.waitForScreen((s) => s.includes("Auto-sync failed:"), "the failure line");
		t.send("go on", "Enter");
		await t.waitForScreen((s) => s.includes("Still answering"), "the reply");
		expect(t.capture().split("\n").filter((l) => l.includes("Auto-sync failed")).length).toBeLessThanOrEqual(1);
	});

	it("/tree marks the entries another machine wrote with user@host, and not one's own", async () => {
		const w = sync.world();
		const { id } = handSession(w.b, "question from the desktop");
		expect((await w.cli(w.b, ["sync"])).code).toBe(0);
		expect((await w.cli(w.a, ["sync"])).code).toBe(0);
		const t = await sync.chat(w.a, [textReply("Laptop answer")], ["-s", id]);
		await t.waitForScreen((s) => s.includes("question from the desktop"), "the synced session");
		t.send("laptop follow-up", "Enter");
		await t.waitForScreen((s) => s.includes("Laptop answer") && !s.includes("Working"), "the reply");
		t.send("/tree", "Enter");
		await t.waitForScreen((s) => s.includes("Session tree"), "the tree");
		const bob = `(bob@${os.hostname()})`;
		const rows = t.capture().split("\n");
		expect(rows.find((l) => l.includes("user: question from the desktop"))).toContain(`${bob} user: question from the desktop`);
		expect(rows.find((l) => l.includes("user: laptop follow-up"))).not.toContain("@");
	});
});
