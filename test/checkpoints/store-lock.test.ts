import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withStoreLock } from "../../source/checkpoints/store-lock.js";
import { CheckpointStore, storeDirFor } from "../../source/checkpoints/store.js";
import { bootId, processStart } from "../../source/session/lock-holder.js";
import { tempProject } from "./helpers.js";

let at: ReturnType<typeof tempProject>;
beforeEach(() => {
	at = tempProject();
});
afterEach(() => at.done());

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A lock file naming process `pid` as its holder, as that process would have written it. */
function lockHeldBy(dir: string, pid: number): string {
	const file = path.join(dir, "store.lock");
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(file, JSON.stringify({ pid, hostname: os.hostname(), startedAt: new Date().toISOString(), procStart: processStart(pid), bootId: bootId() }));
	return file;
}

describe("the checkpoint store's lock", () => {
	it("in one process, a waiter starts the moment the holder lets go, in the order they came", async () => {
		const dir = path.join(at.home, "store");
		const events: string[] = [];
		const holder = withStoreLock(dir, async () => {
			events.push("first");
			await nextTurn();
			// Anything a timer would wait for runs after this: the next waiter must not need one.
			setImmediate(() => events.push("next turn of the event loop"));
			events.push("first lets go");
		});
		const waiters = [1, 2, 3].map((n) => withStoreLock(dir, async () => void events.push(`waiter ${n}`)));
		await Promise.all([holder, ...waiters]);
		await nextTurn();
		expect(events).toEqual(["first", "first lets go", "waiter 1", "waiter 2", "waiter 3", "next turn of the event loop"]);
		expect(fs.existsSync(path.join(dir, "store.lock"))).toBe(false);
	});

	it("two snapshots racing in one process both complete: each gets its checkpoint", async () => {
		fs.writeFileSync(path.join(at.cwd, "a.txt"), "a\n");
		const one = new CheckpointStore(at.home, at.cwd);
		const two = new CheckpointStore(at.home, at.cwd);
		const [a, b] = await Promise.all([one.snapshot(), two.snapshot()]);
		expect(a.tree).toBe(b.tree);
		fs.writeFileSync(path.join(at.cwd, "b.txt"), "b\n");
		const [c, d] = await Promise.all([two.snapshot(), one.snapshot()]);
		expect(c.tree).toBe(d.tree);
		expect(c.tree).not.toBe(a.tree);
		expect(await one.diff(a.tree, c.tree)).toEqual([{ path: "b.txt", status: "added" }]);
	});

	it("waits while another live process holds it, and goes on once that process lets go", async () => {
		const dir = storeDirFor(at.home, at.cwd);
		const file = lockHeldBy(dir, process.ppid);
		let released = false;
		const waiting = withStoreLock(dir, async () => released);
		await nextTurn(); // its first try has failed by now
		released = true;
		fs.rmSync(file);
		expect(await waiting).toBe(true);
	});

	it("takes over a lock whose holder is gone", async () => {
		const dir = storeDirFor(at.home, at.cwd);
		const gone = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
		lockHeldBy(dir, Number(gone.stdout.trim()));
		expect(await withStoreLock(dir, async () => "ran")).toBe("ran");
	});
});
