import { afterEach, describe, expect, it } from "vitest";
import { syncAction } from "../../source/ui/actions/sync-action.js";
import type { AppAction } from "../../source/ui/chat/app-reducer.js";
import { handSession, worldPerTest, sessionsOf } from "./world.js";

const w = worldPerTest();
const before = process.env.ARBOR_HOME;
afterEach(() => {
	if (before === undefined) delete process.env.ARBOR_HOME;
	else process.env.ARBOR_HOME = before;
});

/** The status lines `/sync` shows, in order. */
async function statuses(cwd: string, home: string, args: string): Promise<string[]> {
	process.env.ARBOR_HOME = home;
	const shown: string[] = [];
	await syncAction({ where: { cwd }, dispatch: (a: AppAction) => void (a.type === "status-shown" && shown.push(`${a.status.kind}: ${a.status.text}`)) }, args);
	return shown;
}

describe("/sync", () => {
	it("shows its progress and outcome in the status line, and a failure as one error line", async () => {
		handSession(w.a);
		expect(await statuses(w.a.cwd, w.a.home, "")).toEqual([
			"info: sync: starting…",
			"info: sync: fetching from origin…",
			"info: sync: pushing 1 session to origin…",
			"info: Synced with origin: 2 entries sent, 0 fetched, 0 sessions up to date.",
		]);
		expect(await statuses(w.b.cwd, w.b.home, "")).toContain("info: Synced with origin: 0 entries sent, 2 fetched, 0 sessions up to date.");
		expect(sessionsOf(w.b)).toHaveLength(1);
		expect((await statuses(w.b.cwd, w.b.home, "upstream")).at(-1)).toMatch(/^error: Sync failed: no such remote: upstream/);
	});
});
