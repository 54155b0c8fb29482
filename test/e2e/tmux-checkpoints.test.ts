import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { quit, startArbor, submitLine } from "../helpers/arbor-tmux.js";
import type { TmuxSession } from "../helpers/tmux.js";
import { waitFor } from "../helpers/wait-for.js";
import { files, hashTree, tempProject, userRepo } from "../checkpoints/helpers.js";

let tmux: TmuxSession | undefined;
let server: SseServer | undefined;
let at: ReturnType<typeof tempProject> | undefined;
afterEach(async () => {
	tmux?.kill();
	tmux = undefined;
	await server?.close();
	server = undefined;
	at?.done();
	at = undefined;
});

/** The closing checkpoints written so far in the one session under `home`. */
function afterTurnCheckpoints(home: string): number {
	const root = path.join(home, "sessions");
	if (!fs.existsSync(root)) return 0;
	const files = fs.readdirSync(root).flatMap((d) => fs.readdirSync(path.join(root, d)).filter((f) => f.endsWith(".jsonl")).map((f) => path.join(root, d, f)));
	return files.reduce((n, f) => n + (fs.readFileSync(f, "utf8").match(/"reason":"after-turn"/g)?.length ?? 0), 0);
}

describe("checkpoints in tmux (the built CLI on a real pty)", () => {
	it("two turns that write files, /tree back to the first reply, Restore files; the user's .git unchanged", async () => {
		at = tempProject();
		userRepo(at.cwd);
		const gitBefore = hashTree(path.join(at.cwd, ".git"));
		server = await startSseServer([
			toolCallReply([{ id: "w1", name: "write", args: { path: "notes.md", content: "draft one\n" } }]),
			textReply("wrote draft one"),
			toolCallReply([{ id: "w2", name: "bash", args: { command: "echo 'draft two' > notes.md && rm a.txt && echo x > extra.txt" } }]),
			textReply("rewrote it"),
		]);
		tmux = startArbor({ args: ["--model", "compat:test", "--base-url", server.url, "--yes"], cwd: at.cwd, home: at.home });
		await tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
		await submitLine(tmux, "write a draft");
		await tmux.waitForScreen((s) => s.includes("wrote draft one") && !s.includes("Working"), "first turn");
		// The turn ends after its closing checkpoint is written (the editor takes the next prompt then).
		await waitFor(() => (afterTurnCheckpoints(at!.home) >= 1 ? true : undefined), { what: "first turn's closing checkpoint" });
		await submitLine(tmux, "rewrite it");
		await tmux.waitForScreen((s) => s.includes("rewrote it") && !s.includes("Working"), "second turn");
		await waitFor(() => (afterTurnCheckpoints(at!.home) >= 2 ? true : undefined), { what: "second turn's closing checkpoint" });
		expect(files(at.cwd)).toMatchObject({ "notes.md": "draft two\n", "extra.txt": "x\n" });

		await submitLine(tmux, "/tree");
		await tmux.waitForScreen((s) => s.includes("Session tree"), "tree");
		tmux.type("wrote draft");
		await tmux.waitForScreen((s) => /› .*wrote draft one/.test(s), "first reply selected");
		tmux.send("Enter");
		await tmux.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "summary prompt");
		tmux.send("Enter");
		const asked = await tmux.waitForScreen((s) => s.includes("Restore files to this point?"), "restore prompt");
		expect(asked).toContain("M notes.md  (rewritten)");
		expect(asked).toContain("A a.txt  (brought back)");
		expect(asked).toContain("D extra.txt  (removed)");
		tmux.send("Enter");
		await tmux.waitForScreen((s) => s.includes("restored 3 files"), "restored");
		expect(files(at.cwd)).toEqual({ ".gitignore": "*.log\n", "a.txt": "one\n", "notes.md": "draft one\n" });
		expect(hashTree(path.join(at.cwd, ".git"))).toEqual(gitBefore);
		await quit(tmux);
		expect(fs.existsSync(path.join(at.cwd, "extra.txt"))).toBe(false);
	}, 90_000);
});
