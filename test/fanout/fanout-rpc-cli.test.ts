import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait-for.js";
import { cleanUp, startRpc } from "../rpc/helpers.js";
import { fanoutScript } from "./fanout-server.js";

afterEach(cleanUp);

describe("RPC fanout (pi's RpcClient, the built CLI)", () => {
	it("branches from the live session's leaf, one progress event per branch step, the comparison as the response; keep one with navigate_tree", async () => {
		const rpc = await startRpc(fanoutScript({ command: (k) => `echo rpc-${k} > r.txt` }));
		await rpc.client.promptAndWait("hi");
		const leaf = (await rpc.send({ type: "get_state" })).data.leafId;
		const answer = await rpc.send({ type: "fanout", prompt: "go", count: 2 });
		expect(answer.error).toBeUndefined();
		expect(answer.success).toBe(true);
		expect(answer.data.entryId).toBe(leaf);
		expect(answer.data.branches.map((b: any) => [b.label, b.status])).toEqual([
			["fanout 1/2 · local:m1", "done"],
			["fanout 2/2 · local:m1", "done"],
		]);
		const kinds = rpc.events.filter((e) => e.type.startsWith("fanout_")).map((e) => `${e.type}:${e.index ?? e.outcome?.index}`);
		expect(kinds.filter((k) => k.startsWith("fanout_branch_start")).sort()).toEqual(["fanout_branch_start:1", "fanout_branch_start:2"]);
		expect(kinds.filter((k) => k.startsWith("fanout_branch_tool")).sort()).toEqual(["fanout_branch_tool:1", "fanout_branch_tool:2"]);
		expect(kinds.filter((k) => k.startsWith("fanout_branch_end")).sort()).toEqual(["fanout_branch_end:1", "fanout_branch_end:2"]);
		expect(fs.existsSync(path.join(rpc.cwd, "r.txt"))).toBe(false);
		const two = answer.data.branches[1];
		expect(fs.readFileSync(path.join(two.cwd, "r.txt"), "utf8")).toBe("rpc-2\n");
		const kept = await rpc.send({ type: "navigate_tree", entryId: two.endId, restoreFiles: true });
		expect(kept.success).toBe(true);
		await waitFor(() => fs.existsSync(path.join(rpc.cwd, "r.txt")));
		expect(fs.readFileSync(path.join(rpc.cwd, "r.txt"), "utf8")).toBe("rpc-2\n");
	});
});
