import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { keepFilesAsTheyAre, sessionWithCheckpoints, takeRestoreChoice, useOpenedChat } from "../helpers/checkpoint-session.js";
import { files, tempProject } from "../checkpoints/helpers.js";

const opened = useOpenedChat();

/** The id of the entry whose text is `text`, and the session's leaf. */
function entryOf(file: string, text: string): { id: string; leafId: string | null } {
	const view = SessionStore.open(file).snapshot();
	const entry = view.entries.find((e) => JSON.stringify(e).includes(`"${text}"`));
	return { id: entry!.id, leafId: view.leafId };
}

async function openChat(file: string, project: { cwd: string; home: string }): Promise<ArborTerminal> {
	const t = startArbor({ args: ["--session", file], cwd: project.cwd, home: project.home });
	await t.waitForScreen((s) => s.includes("leaf "), "status line");
	return t;
}

async function command(t: ArborTerminal, line: string): Promise<void> {
	t.type(line);
	await t.waitForScreen((s) => s.includes(`› ${line}`), `typed ${line}`);
	t.send("Enter");
}

describe("/restore: the files only, the conversation stays", () => {
	it("/restore <id> asks the /tree question (own changes apart), restores through the core, says so, and /undo-restore undoes it", async () => {
		const project = tempProject();
		opened.at = project;
		const file = await sessionWithCheckpoints(project.cwd, project.home);
		fs.writeFileSync(path.join(project.cwd, "user.txt"), "mine\n");
		const { id } = entryOf(file, "reply one");
		opened.term = await openChat(file, project);
		await command(opened.term, `/restore ${id}`);
		const asked = await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "restore question");
		expect(asked).toContain("› Restore files\n  Keep files as they are\n  Restore files, your own changes too\n");
		expect(asked).toContain("M a.txt  (rewritten)");
		expect(asked).toContain("D b.txt  (removed)");
		expect(asked).toContain("D user.txt  (your own change, kept unless included)");
		opened.term.send("Enter");
		const done = await opened.term.waitForScreen((s) => s.includes("/undo-restore undoes"), "restored");
		expect(done.replace(/\s+/g, " ")).toContain(`Files of ${id}: restored 2 files · kept 1 file you changed yourself (the conversation stays where it is; /undo-restore undoes)`);
		expect(files(project.cwd)).toEqual({ "a.txt": "v1\n", "user.txt": "mine\n" });
		// The conversation did not move: its path still ends in "reply two" (under the safety checkpoint).
		const view = SessionStore.open(file).snapshot();
		expect(JSON.stringify(view.getPath(view.leafId))).toContain("reply two");
		await command(opened.term, "/undo-restore");
		await opened.term.waitForScreen((s) => s.includes("Files restored to before the last restore (2 changed)"), "undone");
		expect(files(project.cwd)).toEqual({ "a.txt": "v2\n", "b.txt": "b\n", "user.txt": "mine\n" });
	}, 60_000);

	it("/restore with no id offers the current point's files; a hand change is listed as the user's own, the third choice restores it", async () => {
		const project = tempProject();
		opened.at = project;
		const file = await sessionWithCheckpoints(project.cwd, project.home);
		fs.writeFileSync(path.join(project.cwd, "a.txt"), "by hand\n");
		opened.term = await openChat(file, project);
		await command(opened.term, "/restore");
		const asked = await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "restore question");
		expect(asked).toContain("M a.txt  (your own change, kept unless included)");
		await takeRestoreChoice(opened.term, "Down", "Restore files, your own changes too", "restored 1 file");
		expect(files(project.cwd)).toEqual({ "a.txt": "v2\n", "b.txt": "b\n" });
	}, 60_000);

	it("files that already match say so, without a question", async () => {
		opened.at = tempProject();
		const file = await sessionWithCheckpoints(opened.at.cwd, opened.at.home);
		opened.term = await openChat(file, opened.at);
		await command(opened.term, "/restore");
		await opened.term.waitForScreen((s) => s.includes("The files already match"), "nothing to restore");
	}, 60_000);
});

describe("/fork offers the files' restore as /tree does", () => {
	it("picks a message, asks the restore question, forks and restores the files as they were when it was sent", async () => {
		const project = tempProject();
		opened.at = project;
		const file = await sessionWithCheckpoints(project.cwd, project.home);
		fs.writeFileSync(path.join(project.cwd, "user.txt"), "mine\n");
		const source = SessionStore.open(file).snapshot().header.id;
		opened.term = await openChat(file, project);
		await command(opened.term, "/fork");
		await opened.term.waitForScreen((s) => s.includes("Fork from a user message") && s.includes("second"), "fork picker");
		opened.term.send("Enter"); // "second", the newest
		const asked = await opened.term.waitForScreen((s) => s.includes("Restore files to this point?"), "restore question");
		expect(asked).toContain("D user.txt  (your own change, kept unless included)");
		opened.term.send("Enter");
		const forked = await opened.term.waitForScreen((s) => s.includes("Forked into") && s.includes("restored 2 files"), "forked and restored");
		expect(forked.replace(/\s+/g, "")).toContain(`(undo:arborrestore${source}`);
		expect(forked).toContain("second"); // the message's text is in the editor
		expect(files(project.cwd)).toEqual({ "a.txt": "v1\n", "user.txt": "mine\n" });
	}, 60_000);

	it("Keep files as they are forks and leaves the files alone", async () => {
		opened.at = tempProject();
		const file = await sessionWithCheckpoints(opened.at.cwd, opened.at.home);
		opened.term = await openChat(file, opened.at);
		await command(opened.term, "/fork");
		await opened.term.waitForScreen((s) => s.includes("Fork from a user message"), "fork picker");
		opened.term.send("Enter");
		await keepFilesAsTheyAre(opened.term);
		await opened.term.waitForScreen((s) => s.includes("Forked into"), "forked");
		expect(files(opened.at.cwd)).toEqual({ "a.txt": "v2\n", "b.txt": "b\n" });
	}, 60_000);
});

describe("the built CLI in tmux", () => {
	it("/restore <id> restores the files and keeps the conversation where it is", async () => {
		const { startArbor: startBuilt, submitLine, quit } = await import("../helpers/arbor-tmux.js");
		const project = tempProject();
		opened.at = project;
		const file = await sessionWithCheckpoints(project.cwd, project.home);
		const { id } = entryOf(file, "reply one");
		const t = startBuilt({ args: ["--session", file], cwd: project.cwd, home: project.home });
		opened.term = t as unknown as ArborTerminal;
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		await submitLine(t, `/restore ${id}`);
		await t.waitForScreen((s) => s.includes("Restore files to this point?"), "restore question");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("/undo-restore undoes"), "restored");
		expect(files(project.cwd)).toEqual({ "a.txt": "v1\n" });
		await quit(t);
	}, 60_000);
});
