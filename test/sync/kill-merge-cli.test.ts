/**
 * kill -9 during the LOCAL merge of a sync (after the push went through, right before a session
 * file's rename), then sync again: nothing lost, nothing twice. The stop is the test-only
 * ARBOR_TEST_SYNC_HOLD hook of source/sync/apply.ts (a FIFO the merge blocks on).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readAuthors } from "../../source/sync/authors.js";
import { describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait-for.js";
import { entryLines, handSession, worldPerTest, sessionsOf, type Side } from "./world.js";

const w = worldPerTest();

async function synced(s: Side, env: Record<string, string> = {}): Promise<void> {
	const run = await w.cli(s, ["sync"], env);
	expect([run.code, run.stderr]).toEqual([0, ""]);
}

/** Every file under a side's sessions folder, with its bytes. */
function folder(s: Side): Record<string, string> {
	const root = path.join(s.home, "sessions");
	const out: Record<string, string> = {};
	for (const dir of fs.readdirSync(root)) for (const f of fs.readdirSync(path.join(root, dir))) out[`${dir}/${f}`] = fs.readFileSync(path.join(root, dir, f), "utf8");
	return out;
}

const idsOf = (file: string) => entryLines(file).filter((e) => e.customType !== "arbor.leaf").map((e) => e.id);

describe("kill -9 during the local merge", () => {
	it("leaves the old files (no half-merged one); the next sync merges once, with the authors, and a third changes nothing", async () => {
		const shared = handSession(w.a, "shared session");
		await synced(w.a);
		await synced(w.b);
		// The desktop continues the shared session and starts one of its own.
		const theirs = sessionsOf(w.b).find((f) => f.endsWith(`${shared.id}.jsonl`))!;
		const reply = { type: "message", id: "0000bbb1", parentId: "0000aaa2", timestamp: "2026-01-02T04:00:00.000Z", message: { role: "user", content: "desktop goes on", timestamp: 3 } };
		fs.appendFileSync(theirs, `${JSON.stringify(reply)}\n`);
		const other = handSession(w.b, "desktop only");
		await synced(w.b);
		// The laptop has news of its own to push, then its merge is stopped before the rename and killed.
		handSession(w.a, "laptop only");
		const before = folder(w.a);
		const fifo = path.join(w.root, "hold");
		execFileSync("mkfifo", [fifo]);
		let pid = -1;
		const running = w.cli(w.a, ["sync"], { ARBOR_TEST_SYNC_HOLD: fifo }, (p) => (pid = p));
		await waitFor(() => fs.existsSync(`${fifo}.reached`), { what: "the merge to reach its rename" });
		process.kill(pid, "SIGKILL");
		expect((await running).signal).toBe("SIGKILL");
		// Every session file is as it was.
		const after = folder(w.a);
		for (const [name, bytes] of Object.entries(before)) expect(after[name]).toBe(bytes);
		// The dead sync's lock and its temp file at most: never a half-written session.
		expect(Object.keys(after).filter((n) => !(n in before)).every((n) => /\.jsonl\.(lock|sync-\d+\.tmp)$/.test(n))).toBe(true);

		await synced(w.a);
		const files = sessionsOf(w.a);
		expect(files).toHaveLength(3);
		expect(idsOf(files.find((f) => f.endsWith(`${shared.id}.jsonl`))!)).toEqual(["0000aaa1", "0000aaa2", "0000bbb1"]);
		expect(idsOf(files.find((f) => f.endsWith(`${other.id}.jsonl`))!)).toEqual(["0000aaa1", "0000aaa2"]);
		expect(Object.keys(folder(w.a)).filter((n) => !n.endsWith(".jsonl"))).toEqual([]);
		const authors = readAuthors(w.a.home, shared.id);
		expect(authors).toEqual({ "0000bbb1": `bob@${os.hostname()}` });

		const settled = folder(w.a);
		await synced(w.a);
		expect(folder(w.a)).toEqual(settled);
		await synced(w.b);
		expect(sessionsOf(w.b)).toHaveLength(3);
		for (const file of [...sessionsOf(w.a), ...sessionsOf(w.b)]) {
			const ids = entryLines(file).map((e) => e.id);
			expect(new Set(ids).size).toBe(ids.length);
		}
	});
});
