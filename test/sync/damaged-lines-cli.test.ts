/**
 * Damaged entry lines stay where they are (docs/sync.md): sync reads most lines by their head only
 * (source/sync/line-head.ts), so a line whose head looks sound but which is no JSON must still be
 * neither pushed nor appended on the other side. Built CLI, two homes and clones (world.ts).
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import { entryLines, git, handSession, worldPerTest, sessionsOf } from "./world.js";

const w = worldPerTest();

describe("arbor sync and a damaged line", () => {
	it("a line with a sound head that is no JSON is not pushed, and the other side never gets it", async () => {
		const { file } = handSession(w.a);
		const damaged = '{"type":"message","id":"bad00001","parentId":"0000aaa2","message":}';
		const good = { type: "message", id: "good0001", parentId: "0000aaa2", timestamp: "2026-01-02T03:04:06.000Z", message: { role: "user", content: "after the damage", timestamp: 3 } };
		fs.appendFileSync(file, `${damaged}\n${JSON.stringify(good)}\n`);
		const run = await w.cli(w.a, ["sync", "--json"]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(JSON.parse(run.stdout).sent).toBe(3);
		expect(git(w.remote, "log", "-p", "--all")).not.toContain("bad00001");
		expect(fs.readFileSync(file, "utf8")).toContain(damaged); // the local file is left as it was
		expect((await w.cli(w.b, ["sync"])).code).toBe(0);
		const [copy] = sessionsOf(w.b);
		expect(entryLines(copy as string).map((e) => e.id)).toEqual(["0000aaa1", "0000aaa2", "good0001"]);
	});
});
