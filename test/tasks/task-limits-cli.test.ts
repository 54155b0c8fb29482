import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { model, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { byConversation, firstUserText, gate, requestsOf, taskCall, toolMessage } from "./conversations.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});


async function printRun(prompt: string, tools: string, settings: object = {}) {
	const { cwd, home } = place("arbor-tasks-");
	mkdirSync(home, { recursive: true });
	writeFileSync(join(home, "settings.json"), JSON.stringify({ checkpoints: false, ...settings }));
	const run = await runCli(["-p", ...model(server!.url), "--tools", tools, prompt], { cwd, env: { ARBOR_HOME: home } });
	if (run.code !== 0) throw new Error(`arbor exited ${run.code}: ${run.stderr}`);
	return { run, cwd, file: sessionFiles(home)[0]! };
}

describe("tasks at once, one at a time, nested, on a budget (docs/tasks.md)", () => {
	it("two read-only tasks of one step run at the same time: each one's first request waits for the other's", async () => {
		const [a, b] = [gate(), gate()];
		server = await startSseServer(
			byConversation({
				look: [toolCallReply([taskCall("ta", "left", "look left"), taskCall("tb", "right", "look right")]), textReply("Both looked.")],
				"look left": [async () => (a.open(), await b.opened, textReply("Left is clear."))],
				"look right": [async () => (b.open(), await a.opened, textReply("Right is clear."))],
			}),
		);
		const { run, file } = await printRun("look", "read,task");
		expect(run.stderr).toBe("");
		expect(run.stdout).toBe("Both looked.\n");
		const last = requestsOf(server!, "look")[1]!.body;
		expect(toolMessage(last, "ta").content).toBe("Left is clear.");
		expect(toolMessage(last, "tb").content).toBe("Right is clear.");
		const labels = readJsonl(file).filter((e) => e.type === "label").map((e) => e.label);
		expect(labels.sort()).toEqual(["task: left", "task: right"]);
	});

	it("without a sandbox, tasks that run bash work one after the other in the working tree (said once)", async () => {
		const bash = (id: string, command: string) => toolCallReply([{ id, name: "bash", args: { command } }]);
		server = await startSseServer(
			byConversation({
				write: [toolCallReply([taskCall("ta", "first", "write a"), taskCall("tb", "second", "write b")]), textReply("Written.")],
				"write a": [bash("w1", "echo A > a.txt"), textReply("a written")],
				"write b": [bash("w2", "cat a.txt > b.txt; echo B >> b.txt"), textReply("b written")],
			}),
		);
		const { cwd, home } = place("arbor-tasks-");
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "settings.json"), JSON.stringify({ checkpoints: false }));
		const env = { ARBOR_HOME: home, ARBOR_BWRAP: join(cwd, "no-bwrap-here") };
		const run = await runCli(["-p", ...model(server.url), "--tools", "read,bash,task", "write"], { cwd, env });
		expect(run.stdout).toBe("Written.\n");
		expect(run.stderr).toBe("arbor: warning: tasks that run bash work in the working tree, one at a time: no sandbox: bubblewrap (bwrap) is not installed (Debian/Ubuntu: apt install bubblewrap)\n");
		expect(server.requests.map((r) => firstUserText(r.body))).toEqual(["write", "write a", "write a", "write b", "write b", "write"]);
		expect(readFileSync(join(cwd, "b.txt"), "utf8")).toBe("A\nB\n");
	});

	it("a task's task's task is refused (taskDepth 2); the nested branch hangs in its parent task's branch", async () => {
		server = await startSseServer(
			byConversation({
				deep: [toolCallReply([taskCall("t1", "one", "level one")]), textReply("Done deep.")],
				"level one": [toolCallReply([taskCall("t2", "two", "level two")]), textReply("one done")],
				"level two": [toolCallReply([taskCall("t3", "three", "level three")]), textReply("two done")],
			}),
		);
		const { run, file } = await printRun("deep", "read,task");
		expect(run.stdout).toBe("Done deep.\n");
		expect(requestsOf(server!, "level three")).toEqual([]);
		const refused = toolMessage(requestsOf(server!, "level two")[1]!.body, "t3").content;
		expect(refused).toContain('task refused: tasks nest at most 2 deep (settings "taskDepth") and this one would be 3 deep');
		const all = readJsonl(file).slice(1);
		const byId = new Map(all.map((e) => [e.id, e]));
		const start = (text: string) => all.find((e) => e.type === "message" && e.message.role === "user" && e.message.content === text);
		const callerOf = (id: string) => byId.get(start(id === "t1" ? "level one" : "level two").parentId);
		expect(callerOf("t1").message.content[0]).toMatchObject({ type: "toolCall", id: "t1" });
		expect(callerOf("t2").message.content[0]).toMatchObject({ type: "toolCall", id: "t2" });
		// The caller of level two is level one's assistant entry, inside level one's branch.
		let e = callerOf("t2");
		while (e.parentId && e.id !== start("level one").id) e = byId.get(e.parentId);
		expect(e.id).toBe(start("level one").id);
		expect(all.filter((x) => x.type === "label").map((x) => [x.label, x.targetId])).toEqual(
			expect.arrayContaining([["task: one", start("level one").id], ["task: two", start("level two").id]]),
		);
	});

	it("taskDepth 1: a task may not start tasks", async () => {
		server = await startSseServer(
			byConversation({
				shallow: [toolCallReply([taskCall("t1", "one", "level one")]), textReply("ok")],
				"level one": [toolCallReply([taskCall("t2", "two", "level two")]), textReply("one done")],
			}),
		);
		const { run } = await printRun("shallow", "read,task", { taskDepth: 1 });
		expect(run.stdout).toBe("ok\n");
		expect(toolMessage(requestsOf(server!, "level one")[1]!.body, "t2").content).toContain("tasks nest at most 1 deep");
	});

	it("a task over its token budget is stopped; the tool's result says so", async () => {
		server = await startSseServer(
			byConversation({
				spend: [toolCallReply([taskCall("t1", "big", "spend a lot")]), textReply("stopped it")],
				"spend a lot": [toolCallReply([{ id: "r1", name: "ls", args: {} }], { text: "Looking first.", usage: { prompt: 900, completion: 100 } }), textReply("never asked")],
			}),
		);
		const { run } = await printRun("spend", "read,ls,task", { taskTokenBudget: 500 });
		expect(run.stdout).toBe("stopped it\n");
		expect(requestsOf(server!, "spend a lot")).toHaveLength(1);
		const result = toolMessage(requestsOf(server!, "spend")[1]!.body, "t1").content;
		expect(result).toContain('task stopped: it used 1000 tokens, more than its budget of 500 (settings "taskTokenBudget")');
		expect(result).toContain("Looking first.");
	});

	it("a task may name its model; one that does not resolve is a tool error and nothing runs", async () => {
		server = await startSseServer(
			byConversation({
				"pick models": [toolCallReply([{ id: "t1", name: "task", args: { description: "other", prompt: "on another model", model: "compat:other-model" } }, { id: "t2", name: "task", args: { description: "bad", prompt: "on no model", model: "nowhere:x" } }]), textReply("ok")],
				"on another model": [textReply("from the other model")],
			}),
		);
		const { run } = await printRun("pick models", "read,task");
		expect(run.stdout).toBe("ok\n");
		expect(requestsOf(server!, "on another model")[0]!.body.model).toBe("other-model");
		expect(requestsOf(server!, "on no model")).toEqual([]);
		const last = requestsOf(server!, "pick models")[1]!.body;
		expect(toolMessage(last, "t1").content).toBe("from the other model");
		expect(toolMessage(last, "t2").content).toMatch(/^task not started: /);
	});
});
