import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { model, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { byConversation, firstUserText, taskCall } from "./conversations.js";
import { piContexts, withoutSystem } from "../pi16/pi.js";
import { SessionStore } from "../../source/session/store.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const roleOf = (e: any) => (e.type === "message" ? e.message.role : e.type);
/** The entries of root → id, by parentId. */
function pathTo(all: any[], id: string): any[] {
	const byId = new Map(all.map((e) => [e.id, e]));
	const path: any[] = [];
	for (let e = byId.get(id); e; e = byId.get(e.parentId)) path.unshift(e);
	return path;
}

/** The user asks; the model hands the work to a task that reads notes.txt; the task's answer is the tool's result. */
async function findSecret(): Promise<{ cwd: string; home: string; file: string }> {
	const { cwd, home } = place("arbor-task-");
	writeFileSync(join(cwd, "notes.txt"), "the secret is 42\n");
	server = await startSseServer(
	byConversation({
		"find the secret": [toolCallReply([taskCall("t1", "find it", "Read notes.txt and say the secret")]), textReply("The task says 42.")],
		"Read notes.txt and say the secret": [toolCallReply([{ id: "r1", name: "read", args: { path: "notes.txt" } }]), textReply("The secret is 42.")],
	}),
	);
	const run = await runCli(["-p", ...model(server.url), "--tools", "read,task", "find the secret"], { cwd, env: { ARBOR_HOME: home } });
	expect(run.stderr).toBe("");
	expect(run.code).toBe(0);
	expect(run.stdout).toBe("The task says 42.\n");
	const [file] = sessionFiles(home);
	return { cwd, home, file: file! };
}

describe("the task tool in print mode (docs/tasks.md)", () => {
	it("runs the sub-conversation on its own, writes it as a labelled side branch under the calling entry, and answers with its result", async () => {
		const { file } = await findSecret();

		// The task's requests: its own system prompt, only its prompt and its own steps, the same tools.
		const taskRequests = server!.requests.filter((r) => firstUserText(r.body) === "Read notes.txt and say the secret");
		expect(taskRequests).toHaveLength(2);
		expect(taskRequests[0]!.body.messages[0].content).toContain("You are a sub-agent working on one task for another agent: find it.");
		expect(taskRequests[0]!.body.messages.map((m: any) => m.role)).toEqual(["system", "user"]);
		expect(taskRequests[0]!.body.tools.map((t: any) => t.function.name).sort()).toEqual(["read", "task"]);
		// The main conversation's second request: the task's answer as the tool result, none of its steps.
		const main = server!.requests.filter((r) => firstUserText(r.body) === "find the secret");
		expect(main[1]!.body.messages.map((m: any) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
		expect(main[1]!.body.messages[3]).toMatchObject({ tool_call_id: "t1", content: "The secret is 42." });

		const all = readJsonl(file).slice(1);
		const caller = all.find((e) => e.type === "message" && e.message.role === "assistant" && e.message.content.some((p: any) => p.id === "t1"));
		const taskStart = all.find((e) => e.type === "message" && e.message.role === "user" && e.message.content === "Read notes.txt and say the secret");
		expect(taskStart.parentId).toBe(caller.id);
		expect(all.find((e) => e.type === "label")).toMatchObject({ targetId: taskStart.id, label: "task: find it" });
		// The side branch: the task's prompt, its read, the read's result, its answer.
		const branchEnd = all.find((e) => e.type === "message" && e.message.role === "assistant" && e.message.content.some((p: any) => p.text === "The secret is 42."));
		expect(pathTo(all, branchEnd.id).map(roleOf)).toEqual(["user", "assistant", "user", "assistant", "toolResult", "assistant"]);
		// The file's last entry (the turn's checkpoint) is on the main path: pi and arbor read it as the leaf.
		const last = all[all.length - 1];
		const mainPath = pathTo(all, last.id).filter((e) => e.type === "message");
		expect(mainPath.map(roleOf)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect(mainPath[2].message).toMatchObject({ toolCallId: "t1", content: [{ type: "text", text: "The secret is 42." }] });
	});

	it("pi 1.6 reads the file: the side branch never enters the main context; /tree's labels, compare and a continuation inside the task see it", async () => {
		const { cwd, home, file } = await findSecret();
		const all = readJsonl(file).slice(1);
		const branchEnd = all.find((e) => e.type === "message" && e.message.role === "assistant" && e.message.content.some((p: any) => p.text === "The secret is 42."));
		const mainEnd = all.find((e) => e.type === "message" && e.message.role === "assistant" && e.message.content.some((p: any) => p.text === "The task says 42."));
		const leaves = await piContexts(file);
		// pi's default leaf (the file's last entry): the main conversation only.
		const piDefault = leaves.find((l) => l.leaf === null)!;
		expect(piDefault.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		// None of the task's steps: its read call and the file's text it read.
		expect(JSON.stringify(piDefault.messages)).not.toContain('"id":"r1"');
		expect(JSON.stringify(piDefault.messages)).not.toContain("the secret is 42");
		// At the task's end pi reads the branch: the conversation up to the call, then the task's steps.
		const piTask = leaves.find((l) => l.leaf === branchEnd.id)!;
		expect(piTask.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "toolResult", "assistant"]);
		// arbor builds the same context as pi at every leaf.
		const view = SessionStore.open(file).snapshot();
		expect(view.getPath(view.leafId).map((e) => e.id)).toContain(mainEnd.id);
		for (const pi of leaves.filter((l) => l.leaf !== null)) expect({ leaf: pi.leaf, m: JSON.parse(JSON.stringify(view.buildContext(pi.leaf).messages)) }).toEqual({ leaf: pi.leaf, m: withoutSystem(pi.messages) });

		const env = { ARBOR_HOME: home };
		const tree = await runCli(["tree", file, "--filter", "labeled"], { cwd, env });
		expect(tree.stdout).toContain("task: find it");
		const compare = await runCli(["compare", file, branchEnd.id, mainEnd.id, "--json"], { cwd, env });
		expect(compare.code).toBe(0);
		expect(JSON.stringify(JSON.parse(compare.stdout))).toContain("The secret is 42.");
		// Jump into the task's branch and continue it: the request carries the branch.
		expect((await runCli(["navigate", file, branchEnd.id], { cwd, env })).code).toBe(0);
		await server?.close();
		server = await startSseServer([textReply("Continued inside the task.")]);
		const next = await runCli(["-p", ...model(server.url), "-c", "--tools", "read,task", "and then?"], { cwd, env });
		expect(next.code).toBe(0);
		const sent = server.requests[0]!.body.messages.map((m: any) => m.role);
		expect(sent).toEqual(["system", "user", "assistant", "tool", "user", "assistant", "tool", "assistant", "user"]);
		expect(server.requests[0]!.body.messages[4].content).toBe("Read notes.txt and say the secret");
	}, 120_000);
});
