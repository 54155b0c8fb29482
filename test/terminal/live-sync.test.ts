/**
 * `/sync` in a chat that holds the session open (docs/sync.md): what another machine added to that
 * session comes in live — appended through the chat's own store, shown in `/tree` with its author —
 * and the chat's leaf stays where it was. Two homes and clones against a bare remote (world.ts);
 * the laptop's side runs the built CLI, the desktop's chat runs in a virtual terminal.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import { describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { entryLines, handSession, sessionsOf } from "../sync/world.js";
import { autoSyncOn, useSyncChat } from "./sync-chat.js";

const sync = useSyncChat();

describe("/sync with the session open in the chat", () => {
	it("brings the other machine's entries into the open session: /tree shows them by author, the leaf stays, each entry once", async () => {
		const w = sync.world();
		const { id } = handSession(w.a, "question from the laptop");
		expect((await w.cli(w.a, ["sync"])).code).toBe(0);
		expect((await w.cli(w.b, ["sync"])).code).toBe(0);
		const file = sessionsOf(w.b).find((f) => f.endsWith(`${id}.jsonl`)) as string;
		const t = await sync.chat(w.b, [textReply("Desktop answer")], ["-s", id]);
		await t.waitForScreen((s) => s.includes("question from the laptop"), "the synced session");
		// The laptop goes on with the same session and syncs while the desktop's chat holds it.
		expect((await w.turn(w.a, [textReply("Laptop answer")], "laptop follow-up", ["-s", id])).code).toBe(0);
		expect((await w.cli(w.a, ["sync"])).code).toBe(0);
		// Another process cannot append to the file the chat holds: it leaves the session with a note.
		const other = await w.cli(w.b, ["sync"]);
		expect(other.code).toBe(0);
		expect(other.stdout).toContain("left for the next sync");
		t.send("/sync", "Enter");
		await t.waitForScreen((s) => /Synced with origin: 0 entries sent, [1-9]\d* fetched/.test(s), "the sync's outcome");
		t.send("/tree", "Enter");
		await t.waitForScreen((s) => s.includes("Session tree") && s.includes("laptop follow-up"), "the tree with the laptop's turn");
		const ann = `(ann@${os.hostname()})`;
		expect(t.capture().split("\n").find((l) => l.includes("user: laptop follow-up"))).toContain(`${ann} user: laptop follow-up`);
		t.send("Escape");
		await t.waitForScreen((s) => !s.includes("Session tree"), "the tree closed");
		// The chat's leaf did not move: its next turn goes on from the reply it had.
		t.send("desktop follow-up", "Enter");
		await t.waitForScreen((s) => s.includes("Desktop answer") && !s.includes("Working"), "the reply");
		const entries = entryLines(file);
		const ids = entries.map((e) => e.id);
		expect(new Set(ids).size).toBe(ids.length);
		const texts = entries.filter((e) => e.type === "message" && e.message.role === "user").map((e) => e.message.content);
		expect(texts.filter((c) => JSON.stringify(c).includes("laptop follow-up"))).toHaveLength(1);
		const mine = entries.find((e) => e.type === "message" && JSON.stringify(e.message.content).includes("desktop follow-up"));
		expect(mine.parentId).toBe("0000aaa2");
		// Once the chat has closed, a sync finds nothing of the laptop's left to append.
		await sync.close();
		const after = await w.cli(w.b, ["sync", "--json"]);
		expect(JSON.parse(after.stdout).received).toBe(0);
		expect(fs.readFileSync(file, "utf8").split("laptop follow-up").length - 1).toBe(1);
	});

	it('"sync": {"auto": true}: the sync after a turn brings the other machine\'s entries into the open session', async () => {
		const w = sync.world();
		const { id } = handSession(w.a, "question from the laptop");
		expect((await w.cli(w.a, ["sync"])).code).toBe(0);
		expect((await w.cli(w.b, ["sync"])).code).toBe(0);
		autoSyncOn(w.b);
		const t = await sync.chat(w.b, [textReply("Desktop answer")], ["-s", id]);
		await t.waitForScreen((s) => s.includes("question from the laptop"), "the synced session");
		expect((await w.turn(w.a, [textReply("Laptop answer")], "laptop follow-up", ["-s", id])).code).toBe(0);
		expect((await w.cli(w.a, ["sync"])).code).toBe(0);
		t.send("desktop follow-up", "Enter");
		await t.waitForScreen((s) => s.includes("Desktop answer") && /Auto-synced with origin: [1-9]\d* entries sent/.test(s), "the turn, then its sync");
		t.send("/tree", "Enter");
		await t.waitForScreen((s) => s.includes("Session tree") && s.includes("laptop follow-up"), "the tree with the laptop's turn");
		expect(t.capture().split("\n").find((l) => l.includes("user: laptop follow-up"))).toContain(`(ann@${os.hostname()}) user: laptop follow-up`);
	});
});
