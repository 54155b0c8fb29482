import { afterEach, describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, runPi16, valueOf, type Step } from "./rpc-run.js";

afterEach(cleanUp);

const turn = (text: string, as: string): Step[] => [{ start: "waitForIdle", args: [30_000], as }, { call: "prompt", args: [text] }, { wait: as }];

describe("pi 1.6's RpcClient drives arbor --mode rpc: bash, the tree, fork, new session", () => {
	it("bash streams bash_execution_update with the command's id; excludeFromContext keeps its output out of the next request", async () => {
		const run = await runPi16(
			[textReply("Seen.")],
			[
				{ call: "bash", args: ["echo kept-output"] },
				{ send: { type: "bash", command: "echo hidden-output", excludeFromContext: true } },
				{ events: true },
				...turn("what ran?", "a"),
				{ call: "getMessages" },
			],
		);
		expect(valueOf(run, 0)).toMatchObject({ output: "kept-output", exitCode: 0, cancelled: false });
		expect(valueOf(run, 1)).toMatchObject({ success: true, data: { output: "hidden-output", exitCode: 0 } });
		const updates = valueOf(run, 2).events.filter((e: any) => e.type === "bash_execution_update");
		// The client gives each command its id (req_1, req_2): the updates repeat it.
		const byId = new Map<string, string>();
		for (const e of updates) byId.set(e.id, (byId.get(e.id) ?? "") + e.delta);
		expect([...byId]).toEqual([
			["req_1", "kept-output\n"],
			[valueOf(run, 1).id, "hidden-output\n"],
		]);
		const sent = JSON.stringify(run.server.requests[0]?.body.messages);
		expect(sent).toContain("kept-output");
		expect(sent).not.toContain("hidden-output");
		expect(valueOf(run, 6).filter((m: any) => m.role === "bashExecution").map((m: any) => m.excludeFromContext === true)).toEqual([false, true]);
	}, 90_000);

	it("getTree in pi's shape, arbor's view as get_tree_view, navigate_tree, fork and newSession", async () => {
		const run = await runPi16(
			[textReply("One."), textReply("Two.")],
			[
				...turn("first", "a"),
				...turn("second", "b"),
				{ call: "getTree" },
				{ send: { type: "get_tree_view" } },
				{ call: "getForkMessages" },
				{ call: "getState" },
				// 10: back to the first question, 11: the messages there, 12: a fork before "second", 13: its state
				{ send: { type: "navigate_tree", entryId: { $ref: [8, "0.entryId"] } } },
				{ call: "getMessages" },
				{ call: "fork", args: [{ $ref: [8, "1.entryId"] }] },
				{ call: "getState" },
				{ call: "getMessages" },
				{ call: "newSession" },
				{ call: "getState" },
			],
		);
		const { tree, leafId } = valueOf(run, 6);
		expect(tree).toHaveLength(1);
		// One line of entries (each node's entry and children, pi's SessionTreeNode); beside each prompt
		// only its checkpoint (docs/checkpoints.md: a side child the conversation does not go through).
		const chain: any[] = [];
		const onward = (node: any) => node.children.filter((c: any) => !(c.entry.type === "custom" && c.entry.customType === "arbor.checkpoint"));
		for (let node = tree[0]; node; node = onward(node)[0]) chain.push(node);
		expect(chain.every((n) => onward(n).length <= 1 && typeof n.entry.id === "string")).toBe(true);
		expect(chain.at(-1).entry.id).toBe(leafId);
		const texts = chain.filter((n) => n.entry.type === "message").map((n) => `${n.entry.message.role}:${JSON.stringify(n.entry.message.content)}`);
		expect(texts.filter((t) => t.startsWith("user:"))).toEqual(['user:"first"', 'user:"second"']);
		expect(valueOf(run, 7)).toMatchObject({ success: true, data: { leafId } });
		expect(valueOf(run, 7).data.roots).toHaveLength(1);
		const forks = valueOf(run, 8);
		expect(forks.map((f: any) => f.text)).toEqual(["first", "second"]);
		const state = valueOf(run, 9);
		expect(state.sessionFile).toEqual(expect.any(String));
		expect(valueOf(run, 10)).toMatchObject({ success: true, data: { moved: true, editorText: "first" } });
		expect(valueOf(run, 11)).toEqual([]);
		expect(valueOf(run, 12)).toEqual({ cancelled: false, text: "second" });
		const forked = valueOf(run, 13);
		expect(forked.sessionFile).not.toBe(state.sessionFile);
		expect(valueOf(run, 14).map((m: any) => m.role)).toEqual(["user", "assistant"]);
		expect(valueOf(run, 15)).toEqual({ cancelled: false });
		expect(valueOf(run, 16)).toMatchObject({ messageCount: 0 });
		expect(valueOf(run, 16).sessionId).not.toBe(forked.sessionId);
	}, 120_000);
});
