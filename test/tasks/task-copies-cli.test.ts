import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { model, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { sandboxUnavailable } from "../../source/sandbox/sandbox.js";
import { byConversation, gate, requestsOf, taskCall, toolMessage } from "./conversations.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const write = (id: string, path: string, content: string) => toolCallReply([{ id, name: "write", args: { path, content } }]);
const edit = (id: string, path: string, oldText: string, newText: string) => toolCallReply([{ id, name: "edit", args: { path, oldText, newText } }]);

/** Whether `gate` opens within a while: false means the other task never ran alongside. */
async function within(opened: Promise<void>, ms = 20_000): Promise<boolean> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
	const result = await Promise.race([opened.then(() => true), late]);
	clearTimeout(timer);
	return result;
}

async function printRun(project: { cwd: string; home: string }, prompt: string, tools: string, settings: object = {}) {
	mkdirSync(project.home, { recursive: true });
	writeFileSync(join(project.home, "settings.json"), JSON.stringify({ checkpoints: false, ...settings }));
	const run = await runCli(["-p", ...model(server!.url), "--tools", tools, prompt], { cwd: project.cwd, env: { ARBOR_HOME: project.home } });
	if (run.code !== 0) throw new Error(`arbor exited ${run.code}: ${run.stderr}`);
	return { run, file: sessionFiles(project.home)[0]! };
}

describe("tasks that may write, each in its own copy (docs/tasks.md)", () => {
	it("two writing tasks of one step run at once in their copies; the working tree is untouched meanwhile, and gets both files after", async () => {
		const project = place("arbor-task-copies-");
		const [a, b] = [gate(), gate()];
		const seen: { overlapped: boolean; inTree: string[] }[] = [];
		// Each task's second request (after its write) waits for the other's: both are running then.
		const held = async (mine: ReturnType<typeof gate>, other: ReturnType<typeof gate>, answer: string) => {
			mine.open();
			const overlapped = await within(other.opened);
			seen.push({ overlapped, inTree: ["a.txt", "b.txt"].filter((f) => existsSync(join(project.cwd, f))) });
			return textReply(answer);
		};
		server = await startSseServer(
			byConversation({
				write: [toolCallReply([taskCall("ta", "first", "write a"), taskCall("tb", "second", "write b")]), textReply("Written.")],
				"write a": [write("w1", "a.txt", "A\n"), () => held(a, b, "a written")],
				"write b": [write("w2", "b.txt", "B\n"), () => held(b, a, "b written")],
			}),
		);
		const { run, file } = await printRun(project, "write", "read,write,task", { checkpoints: true });
		expect(run.stdout).toBe("Written.\n");
		expect(seen).toEqual([
			{ overlapped: true, inTree: [] },
			{ overlapped: true, inTree: [] },
		]);
		expect(readFileSync(join(project.cwd, "a.txt"), "utf8") + readFileSync(join(project.cwd, "b.txt"), "utf8")).toBe("A\nB\n");
		const last = requestsOf(server!, "write")[1]!.body;
		expect([toolMessage(last, "ta").content, toolMessage(last, "tb").content]).toEqual(["a written", "b written"]);
		// The tasks' checkpoints are their copies' (recorded as `copy`); the main path's are the working tree's.
		const checkpoints = readJsonl(file).filter((e) => e.customType === "arbor.checkpoint");
		expect(checkpoints.filter((e) => e.data.copy).length).toBeGreaterThanOrEqual(2);
		expect(checkpoints.filter((e) => !e.data.copy).map((e) => e.data.reason)).toEqual(["before-prompt", "after-turn"]);
		// Every change came back: no copy is kept.
		expect(readdirSync(join(project.home, "tasks"))).toEqual([]);
	});

	it("changes to the same lines: the first task's come back, the second's are not applied and its result says so and where its copy is", async () => {
		const project = place("arbor-task-copies-");
		writeFileSync(join(project.cwd, "shared.txt"), "one\ntwo\nthree\nfour\nfive\n");
		writeFileSync(join(project.cwd, "merged.txt"), "one\ntwo\nthree\nfour\nfive\n");
		server = await startSseServer(
			byConversation({
				edit: [toolCallReply([taskCall("ta", "first", "edit a"), taskCall("tb", "second", "edit b")]), textReply("Edited.")],
				"edit a": [edit("e1", "shared.txt", "two", "TWO by a"), edit("e2", "merged.txt", "one", "ONE"), textReply("a edited")],
				"edit b": [edit("e3", "shared.txt", "two", "two by b"), edit("e4", "merged.txt", "five", "FIVE"), textReply("b edited")],
			}),
		);
		await printRun(project, "edit", "read,edit,task");
		expect(readFileSync(join(project.cwd, "shared.txt"), "utf8")).toBe("one\nTWO by a\nthree\nfour\nfive\n");
		// Lines apart: both changes merged.
		expect(readFileSync(join(project.cwd, "merged.txt"), "utf8")).toBe("ONE\ntwo\nthree\nfour\nFIVE\n");
		const last = requestsOf(server!, "edit")[1]!.body;
		expect(toolMessage(last, "ta").content).toBe("a edited");
		const second = toolMessage(last, "tb").content as string;
		expect(second).toMatch(/^b edited\n\n\[arbor: not applied to the working tree, changed there meanwhile: shared\.txt; the task's copy is kept at (.+)\]$/);
		const kept = /kept at (.+)\]$/.exec(second)![1]!;
		expect(kept.startsWith(join(project.home, "tasks"))).toBe(true);
		expect(readFileSync(join(kept, "shared.txt"), "utf8")).toBe("one\ntwo by b\nthree\nfour\nfive\n");
	});

	it("SIGINT while two writing tasks run: both stop, what each wrote in its copy comes back, the copies are removed", async () => {
		const project = place("arbor-task-copies-");
		server = await startSseServer(
			byConversation({
				both: [toolCallReply([taskCall("ta", "one", "write one"), taskCall("tb", "two", "write two")])],
				"write one": [write("w1", "one.txt", "1\n"), textReply(["Writing ", "more "], { hold: true })],
				"write two": [write("w2", "two.txt", "2\n"), textReply(["Writing ", "more "], { hold: true })],
			}),
		);
		mkdirSync(project.home, { recursive: true });
		writeFileSync(join(project.home, "settings.json"), JSON.stringify({ checkpoints: false }));
		let pid = -1;
		const running = runCli(["-p", ...model(server.url), "--tools", "read,write,task", "both"], { cwd: project.cwd, env: { ARBOR_HOME: project.home }, onSpawn: (p) => (pid = p) });
		await waitFor(() => requestsOf(server!, "write one").length + requestsOf(server!, "write two").length === 4, { what: "both tasks' second requests" });
		expect(existsSync(join(project.cwd, "one.txt")) || existsSync(join(project.cwd, "two.txt"))).toBe(false);
		process.kill(pid, "SIGINT");
		expect((await running).code).toBe(130);
		expect(readFileSync(join(project.cwd, "one.txt"), "utf8") + readFileSync(join(project.cwd, "two.txt"), "utf8")).toBe("1\n2\n");
		expect(readdirSync(join(project.home, "tasks"))).toEqual([]);
	}, 60_000);

	it.skipIf(sandboxUnavailable() !== undefined)("a task's bash writes only inside its copy (bwrap): a write to the project fails, its own file comes back", async () => {
		const project = place("arbor-task-copies-");
		const outside = join(project.cwd, "outside.txt");
		server = await startSseServer(
			byConversation({
				run: [toolCallReply([taskCall("t1", "shell", "run bash")]), textReply("Ran.")],
				"run bash": [toolCallReply([{ id: "b1", name: "bash", args: { command: `echo inside > inside.txt; echo outside > ${outside} && echo WROTE` } }]), textReply("bash done")],
			}),
		);
		await printRun(project, "run", "read,bash,task");
		const bashResult = toolMessage(requestsOf(server!, "run bash")[1]!.body, "b1").content as string;
		expect(bashResult).toMatch(/Read-only file system/);
		expect(bashResult).not.toContain("WROTE");
		expect(existsSync(outside)).toBe(false);
		expect(readFileSync(join(project.cwd, "inside.txt"), "utf8")).toBe("inside\n");
	});
});
