import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { DECLINED_MESSAGE } from "../../source/tools/tool-set.js";
import { answerConfirmation, builtCli, fileEntries, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

/** Every session file under the home's sessions folder. */
function sessionFiles(home: string): string[] {
	const root = join(home, "sessions");
	if (!existsSync(root)) return [];
	return readdirSync(root, { recursive: true, encoding: "utf8" })
		.filter((f) => f.endsWith(".jsonl"))
		.map((f) => join(root, f))
		.sort();
}

const model = (url: string) => ["--model", "compat:test-model", "--base-url", url];

/** Sends a prompt and waits until the reply text shows and the turn is over. */
async function ask(t: ArborTerminal, prompt: string, reply: string): Promise<string> {
	await submitLine(t, prompt);
	return t.waitForScreen((s) => s.includes(reply) && !s.includes("Working"), `reply ${reply}`);
}

describe("pickers and tool confirmation in the virtual terminal", () => {
	it("/fork lists user messages newest selected; Enter forks into a new file with the text in the editor", async () => {
		({ dir: fx.dir } = tempPlace("fork"));
		const home = join(fx.dir, "home");
		fx.server = await startSseServer([textReply("Answer one."), textReply("Answer two.")]);
		fx.tmux = startArbor({ args: model(fx.server.url), cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await ask(fx.tmux, "first question", "Answer one.");
		await ask(fx.tmux, "second question", "Answer two.");
		const [original] = sessionFiles(home);
		expect(sessionFiles(home).length).toBe(1);

		await submitLine(fx.tmux, "/fork");
		const picker = await fx.tmux.waitForScreen((s) => s.includes("Fork from a user message"), "fork picker");
		expect(picker).toContain("Fork from a user message (↑↓ move, Enter forks, Esc cancels)\n  first question\n› second question\n");
		fx.tmux.send("Enter");
		const forked = await fx.tmux.waitForScreen((s) => s.includes("Forked into"), "forked");
		const files = sessionFiles(home);
		expect(files.length).toBe(2);
		const created = files.find((f) => f !== original)!;
		// Where the new file is, as /clone says it (the status line may wrap a long path).
		expect(forked).toContain("› second question\nForked into ");
		expect(forked.replace(/\n/g, "")).toContain(`Forked into ${created}`);
		const lines = fileEntries(created);
		expect(lines[0].parentSession).toBe(original);
		// The messages (the files as the first prompt was sent, a checkpoint beside it, come along).
		const copied = lines.slice(1).filter((e) => e.type === "message");
		expect(copied.map((e) => e.message?.role)).toEqual(["user", "assistant"]);
		expect(forked).toContain(`leaf ${copied[1].id.slice(0, 8)}`);
		await quit(fx.tmux);
	}, 60_000);

	it("-r lists both sessions of the folder; Enter opens one and shows its transcript", async () => {
		({ dir: fx.dir } = tempPlace("resume"));
		const home = join(fx.dir, "home");
		fx.server = await startSseServer([textReply("Alpha reply."), textReply("Beta reply.")]);
		for (const prompt of ["alpha question", "beta question"]) {
			// Async: the fake server answers from this process's event loop. Print mode reads a
			// piped stdin to its end, so close it.
			const run = promisify(execFile)("node", [builtCli(), "-p", ...model(fx.server.url), prompt], { cwd: fx.dir, env: { ...process.env, ARBOR_HOME: home }, timeout: 20_000 });
			run.child.stdin?.end();
			await run;
		}
		expect(sessionFiles(home).length).toBe(2);
		fx.tmux = startArbor({ args: [...model(fx.server.url), "-r"], cwd: fx.dir, home });
		const picker = await fx.tmux.waitForScreen((s) => s.includes("Resume a session"), "resume picker");
		expect(picker).toContain("Resume a session — this folder\nTab all folders · type to search · Enter open · Ctrl+R rename · Ctrl+D to trash · Esc cancel\nSearch: ▏\n");
		expect(picker).toMatch(/› +0m {2}beta question {2}\(3\)\n {3,}0m {2}alpha question {2}\(3\)\n/);
		fx.tmux.send("Down");
		await fx.tmux.waitForScreen((s) => /› +0m {2}alpha question/.test(s), "alpha selected");
		fx.tmux.send("Enter");
		const opened = await fx.tmux.waitForScreen((s) => s.includes("Alpha reply.") && s.includes("Resumed"), "transcript");
		expect(opened).toMatch(/› alpha question\n\nAlpha reply.\n/);
		expect(opened).not.toContain("beta question");
		await quit(fx.tmux);
	}, 60_000);

	it("a write tool call asks Allow write …?; no declines, yes writes the file", async () => {
		({ dir: fx.dir } = tempPlace("confirm"));
		const home = join(fx.dir, "home");
		const call = (id: string) => toolCallReply([{ id, name: "write", args: { path: "out.txt", content: "written by the tool\n" } }]);
		fx.server = await startSseServer([call("call-1"), textReply("Declined, fine."), call("call-2"), textReply("Wrote it.")]);
		fx.tmux = startArbor({ args: model(fx.server.url), cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "please write");
		const asked = await answerConfirmation(fx.tmux, (s) => s.includes("Allow write out.txt?"), "n", "confirm prompt");
		expect(asked).toContain(" Yes (y)  No (n)  Always (this session) (a) ");
		await fx.tmux.waitForScreen((s) => s.includes("Declined, fine.") && !s.includes("Working"), "reply after no");
		expect(existsSync(join(fx.dir, "out.txt"))).toBe(false);
		const toolMessage = fx.server.requests[1]!.body.messages.find((m: any) => m.role === "tool");
		expect(toolMessage.content).toContain(DECLINED_MESSAGE);

		await submitLine(fx.tmux, "write it now");
		await answerConfirmation(fx.tmux, (s) => s.includes("Allow write out.txt?"), "y", "second confirm");
		await fx.tmux.waitForScreen((s) => s.includes("Wrote it.") && !s.includes("Working"), "reply after yes");
		expect(readFileSync(join(fx.dir, "out.txt"), "utf8")).toBe("written by the tool\n");
		await quit(fx.tmux);
	}, 60_000);
});
