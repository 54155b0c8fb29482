import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait-for.js";
import { cleanUp, startRpc } from "../rpc/helpers.js";
import { branchOf, fanoutScript } from "./fanout-server.js";

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

	it("abort stops a running fan-out: the running branch is aborted, what it wrote stays, the finished one is whole", async () => {
		const rpc = await startRpc(fanoutScript({ command: (k) => `echo rpc-${k} > r.txt`, hold: [2] }));
		await rpc.client.promptAndWait("hi");
		const answering = rpc.send({ type: "fanout", prompt: "go", count: 2 });
		// Branch 1 has ended; branch 2 ran its bash and its reply is held open.
		const held = () => rpc.server.requests.some((r) => branchOf(r.body) === 2 && r.body.messages.some((m: { role: string }) => m.role === "tool"));
		await waitFor(() => held() && rpc.events.some((e) => e.type === "fanout_branch_end" && e.outcome.index === 1), { what: "branch 1 done, branch 2 held" });
		const aborted = await rpc.send({ type: "abort" });
		expect(aborted.success).toBe(true);
		const answer = await answering;
		expect(answer.success).toBe(true);
		expect(answer.data.branches.map((b: any) => [b.index, b.status])).toEqual([
			[1, "done"],
			[2, "aborted"],
		]);
		const two = answer.data.branches[1];
		expect(fs.readFileSync(path.join(two.cwd, "r.txt"), "utf8")).toBe("rpc-2\n");
		expect(two.endId).not.toBeNull();
		expect(rpc.events.filter((e) => e.type === "fanout_branch_end").map((e) => e.outcome.status).sort()).toEqual(["aborted", "done"]);
	});
});
