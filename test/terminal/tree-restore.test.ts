import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { trustProject } from "../../source/config/trust.js";
import { sessionDirFor } from "../../source/session/paths.js";
import { SessionStore } from "../../source/session/store.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { files, tempProject } from "../checkpoints/helpers.js";
import { keepFilesAsTheyAre, sessionWithCheckpoints, takeRestoreChoice, useOpenedChat } from "../helpers/checkpoint-session.js";

const opened = useOpenedChat();

/** Opens the session, /tree, selects "reply one" (a move that abandons entries): the summary question is up. */
async function summaryPromptAtReplyOne(project: { cwd: string; home: string }, before?: () => void, size: { cols?: number; rows?: number } = {}): Promise<ArborTerminal> {
	const file = await sessionWithCheckpoints(project.cwd, project.home);
	before?.();
	const t = startArbor({ args: ["--session", file], cwd: project.cwd, home: project.home, ...size });
	await t.waitForScreen((s) => s.includes("leaf "), "status line");
	t.type("/tree");
	await t.waitForScreen((s) => s.includes("› /tree"), "typed /tree");
	t.send("Enter");
	await t.waitForScreen((s) => s.includes("Session tree"), "tree");
	t.type("reply one");
	await t.waitForScreen((s) => /› .*reply one/.test(s), "search selects reply one");
	t.send("Enter");
	await t.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "summary prompt");
	return t;
}

/** From the restore question: ↓↓ to a.txt, Enter for its diff. */
async function showDiffOfA(t: ArborTerminal): Promise<void> {
	t.send("Down");
	t.send("Down");
	await t.waitForScreen((s) => s.includes("› M a.txt"), "a.txt selected");
	t.send("Enter");
}

describe("/tree: Restore files to this point?", () => {
	it("asks after the summary question with the dry run, shows a file's diff, restores, and /undo-restore undoes it", async () => {
		opened.at = tempProject();
		opened.term = await summaryPromptAtReplyOne(opened.at);
		opened.term.send("Enter"); // No summary
		const asked = await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "restore prompt");
		expect(asked).toContain("› Restore files\n  Keep files as they are\n");
		expect(asked).toContain("2 files differ from this point:");
		expect(asked).toContain("M a.txt  (rewritten)");
		expect(asked).toContain("D b.txt  (removed)");
		expect(asked).toContain("A restore does not cover ignored files, files over the size cap, or files outside the working directory.");
		await showDiffOfA(opened.term);
		const diff = await opened.term.waitForScreen((s) => s.includes("Diff of a.txt"), "diff");
		expect(diff).toContain("-v2");
		expect(diff).toContain("+v1");
		opened.term.send("Escape");
		await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "back to the question");
		await takeRestoreChoice(opened.term, "Up", "Restore files", "restored 2 files");
		expect(files(opened.at.cwd)).toEqual({ "a.txt": "v1\n" });

		opened.term.type("/undo-restore");
		await opened.term.waitForScreen((s) => s.includes("› /undo-restore"), "typed /undo-restore");
		opened.term.send("Enter");
		await opened.term.waitForScreen((s) => s.includes("Files restored to before the last restore (2 changed)"), "undone");
		expect(files(opened.at.cwd)).toEqual({ "a.txt": "v2\n", "b.txt": "b\n" });
	}, 60_000);

	it("a file made by hand between turns is listed apart and kept by Restore files", async () => {
		const project = tempProject();
		opened.at = project;
		opened.term = await summaryPromptAtReplyOne(project, () => fs.writeFileSync(path.join(project.cwd, "user.txt"), "mine\n"));
		opened.term.send("Enter");
		const asked = await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "restore prompt");
		expect(asked).toContain("› Restore files\n  Keep files as they are\n  Restore files, your own changes too\n");
		expect(asked).toContain("D user.txt  (your own change, kept unless included)");
		opened.term.send("Enter");
		await opened.term.waitForScreen((s) => s.includes("restored 2 files (/undo-restore undoes) · kept 1 file you changed yourself"), "restored");
		expect(files(project.cwd)).toEqual({ "a.txt": "v1\n", "user.txt": "mine\n" });
	}, 60_000);

	it("the third choice restores the file made by hand too", async () => {
		const project = tempProject();
		opened.at = project;
		opened.term = await summaryPromptAtReplyOne(project, () => fs.writeFileSync(path.join(project.cwd, "user.txt"), "mine\n"));
		opened.term.send("Enter");
		await opened.term.waitForScreen((s) => s.includes("Restore files, your own changes too"), "restore prompt");
		await takeRestoreChoice(opened.term, "Down", "Restore files, your own changes too", "restored 3 files");
		expect(files(project.cwd)).toEqual({ "a.txt": "v1\n" });
	}, 60_000);

	it("one file that differs is counted in the singular, on the question and in the status", async () => {
		const project = tempProject();
		opened.at = project;
		opened.term = await summaryPromptAtReplyOne(project, () => fs.rmSync(path.join(project.cwd, "b.txt")));
		opened.term.send("Enter");
		const asked = await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "restore prompt");
		expect(asked).toContain("1 file differs from this point:");
		opened.term.send("Enter");
		await opened.term.waitForScreen((s) => s.includes("restored 1 file (/undo-restore undoes)"), "restored");
		expect(files(project.cwd)).toEqual({ "a.txt": "v1\n" });
	}, 60_000);

	for (const [cols, rows] of [
		[80, 24],
		[120, 40],
	] as const) {
		it(`at ${cols}×${rows} a diff taller than the screen scrolls as the tool confirmation's does: title and hint stay, ↓/PgDn/End/Home move with a position`, async () => {
			const project = tempProject();
			opened.at = project;
			const many = Array.from({ length: 60 }, (_, i) => `line ${i}`).join("\n");
			opened.term = await summaryPromptAtReplyOne(project, () => fs.writeFileSync(path.join(project.cwd, "a.txt"), `${many}\n`), { cols, rows });
			opened.term.send("Enter");
			await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "restore prompt");
			// a.txt written by hand is the user's own change: listed after the agent's b.txt, below a third choice.
			for (let i = 0; i < 4; i++) opened.term.send("Down");
			await opened.term.waitForScreen((s) => s.includes("› M a.txt"), "a.txt selected");
			opened.term.send("Enter");
			const first = await opened.term.waitForScreen((s) => /lines 1–\d+ of \d+/.test(s), "diff with a position");
			expect(first.split("\n")[0]).toBe("Diff of a.txt (now → this point)");
			const [, pageText, totalText] = /lines 1–(\d+) of (\d+)/.exec(first)!;
			const page = Number(pageText);
			const total = Number(totalText);
			expect(page).toBeGreaterThanOrEqual(rows - 8);
			expect(first).toMatch(/Esc back/);
			expect(first).toContain("-line 0");
			expect(first).not.toContain("-line 59");
			opened.term.send("Down");
			opened.term.send("Down");
			opened.term.send("NPage");
			const to = Math.min(page + 2, total - page);
			const moved = await opened.term.waitForScreen((s) => s.includes(`lines ${to + 1}–${to + page} of ${total}`), "scrolled by 2 + a page");
			expect(moved.split("\n")[0]).toBe("Diff of a.txt (now → this point)");
			opened.term.send("End");
			const end = await opened.term.waitForScreen((s) => s.includes(`–${total} of ${total}`), "at the end");
			expect(end).toContain("-line 59");
			opened.term.send("Home");
			await opened.term.waitForScreen((s) => s.includes(`lines 1–${page} of ${total}`), "back at the top");
			opened.term.send("Escape");
			await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "back to the question");
		}, 60_000);
	}

	for (const [cols, rows] of [
		[80, 24],
		[120, 40],
	] as const) {
		it(`at ${cols}×${rows} with more changed files than fit, the question and the hint stay on the screen`, async () => {
			const project = tempProject();
			opened.at = project;
			const extra = () => {
				for (let i = 0; i < 60; i++) fs.writeFileSync(path.join(project.cwd, `new-${String(i).padStart(2, "0")}.txt`), `${i}\n`);
			};
			opened.term = await summaryPromptAtReplyOne(project, extra, { cols, rows });
			opened.term.send("Enter");
			const asked = await opened.term.waitForScreen((s) => s.includes("62 files differ from this point:"), "restore prompt");
			const lines = asked.split("\n");
			expect(lines[0]).toBe("Restore files to this point?");
			expect(asked).toMatch(/ {2}… \d+ more\n/);
			expect(lines.findIndex((l) => l.startsWith("↑↓ move"))).toBeGreaterThan(0);
		}, 60_000);
	}

	it("a checkpoint whose files are not in the store (another ARBOR_HOME, another machine): the move says why the files were not restored", async () => {
		opened.at = tempProject();
		const home = opened.at.home;
		opened.term = await summaryPromptAtReplyOne(opened.at, () => fs.rmSync(path.join(home, "checkpoints"), { recursive: true, force: true }));
		opened.term.send("Enter"); // No summary: no restore question, the move, and why
		const moved = await opened.term.waitForScreen((s) => s.includes("Navigated to selected point"), "navigated");
		expect(moved.replace(/\s+/g, " ")).toMatch(/Navigated to selected point · the files were not restored: the files of checkpoint \w+ are not in this checkpoint store/);
		expect(moved).not.toContain("Restore files to this point?");
		expect(files(opened.at.cwd)).toEqual({ "a.txt": "v2\n", "b.txt": "b\n" });
	}, 60_000);

	it("an extension that cancels the restore: nothing moves, no file changes, the tree says why (the policy of every mode, docs/core.md)", async () => {
		opened.at = tempProject();
		const project = opened.at;
		const cancel = () => {
			fs.mkdirSync(path.join(project.cwd, ".arbor", "extensions"), { recursive: true });
			fs.writeFileSync(path.join(project.cwd, ".arbor", "extensions", "no-restore.ts"), 'export default function (arbor: any) {\n\tarbor.on("session_before_restore", () => ({ cancel: true }));\n}\n');
			// A project's extensions run once it is trusted (docs/trust.md), as `arbor trust` does.
			trustProject({ cwd: project.cwd, home: project.home });
		};
		opened.term = await summaryPromptAtReplyOne(project, cancel);
		opened.term.send("Enter");
		await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "restore prompt");
		opened.term.send("Enter"); // Restore files
		await opened.term.waitForScreen((s) => s.includes("Not moved: the restore was cancelled by an extension"), "the refusal in the tree");
		expect(files(project.cwd)).toMatchObject({ "a.txt": "v2\n", "b.txt": "b\n" });
		const file = fs.readdirSync(sessionDirFor(project.cwd, project.home)).find((name) => name.endsWith(".jsonl"))!;
		const view = SessionStore.open(path.join(sessionDirFor(project.cwd, project.home), file)).snapshot();
		// The leaf did not move: its path still ends in the branch with "reply two".
		expect(JSON.stringify(view.getPath(view.leafId))).toContain("reply two");
	}, 60_000);

	it("Keep files as they are moves the leaf and leaves the files alone", async () => {
		opened.at = tempProject();
		opened.term = await summaryPromptAtReplyOne(opened.at);
		opened.term.send("Enter");
		await keepFilesAsTheyAre(opened.term);
		await opened.term.waitForScreen((s) => s.includes("Navigated to selected point"), "navigated");
		expect(files(opened.at.cwd)).toEqual({ "a.txt": "v2\n", "b.txt": "b\n" });
	}, 60_000);
});

describe("checkpoints off in the UI", () => {
	it("a refused folder (the home folder) is said once in the status line; the reply goes on", async () => {
		const { startSseServer, textReply, toolCallReply } = await import("../helpers/sse-server.js");
		opened.at = tempProject();
		const server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command: "echo x > a.txt" } }]), textReply("made a.txt")]);
		try {
			opened.term = startArbor({ args: ["--model", "compat:test", "--base-url", server.url, "--yes"], cwd: opened.at.cwd, home: opened.at.home, env: { HOME: opened.at.cwd } });
			await opened.term.waitForScreen((s) => s.includes("compat:test"), "status line");
			opened.term.type("make a file");
			await opened.term.waitForScreen((s) => s.includes("› make a file"), "typed");
			opened.term.send("Enter");
			const screen = await opened.term.waitForScreen((s) => s.includes("made a.txt") && s.includes("checkpoints off:"), "notice");
			expect(screen).toContain(`checkpoints off: no checkpoints in ${opened.at.cwd} (the home folder)`);
			expect(files(opened.at.cwd)).toEqual({ "a.txt": "x\n" });
		} finally {
			await opened.term?.kill();
			opened.term = undefined;
			await server.close();
		}
	}, 60_000);
});
