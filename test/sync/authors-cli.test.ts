/** Entries a sync brought in are marked with their author in `arbor tree`'s text rows and `arbor search` hits (built CLI). */
import * as os from "node:os";
import { describe, expect, it } from "vitest";
import { handSession, worldPerTest } from "./world.js";

const w = worldPerTest();

describe("authors of synced entries", () => {
	it("arbor tree's rows and arbor search's hits name user@host of entries from another machine, not of one's own", async () => {
		const { id } = handSession(w.a, "pelican question");
		handSession(w.b, "pelican of my own");
		expect((await w.cli(w.a, ["sync"])).code).toBe(0);
		expect((await w.cli(w.b, ["sync"])).code).toBe(0);
		const ann = `ann@${os.hostname()}`;

		const tree = (await w.cli(w.b, ["tree", id])).stdout;
		expect(tree).toContain(`(${ann}) user: pelican question`);
		expect(tree).toContain(`(${ann}) assistant: hi`);

		const hits = (await w.cli(w.b, ["search", "pelican"])).stdout;
		const theirs = hits.split("\n\n").find((h) => h.includes("pelican question"));
		const mine = hits.split("\n\n").find((h) => h.includes("pelican of my own"));
		expect(theirs).toContain(`by ${ann}`);
		expect(mine).not.toContain(" by ");
		const json = JSON.parse((await w.cli(w.b, ["search", "pelican", "--json"])).stdout);
		expect(json.hits.map((h: { snippet: string; author?: string }) => [h.snippet.includes("question"), h.author ?? null]).sort()).toEqual([
			[false, null],
			[true, ann],
		]);
		// On the machine that wrote them, nothing is marked.
		expect((await w.cli(w.a, ["tree", id])).stdout).not.toContain("@");
	});
});
