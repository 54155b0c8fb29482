import * as fs from "node:fs";
import * as path from "node:path";
import { Checkpointer } from "../../source/checkpoints/checkpointer.js";
import { sessionDirFor } from "../../source/session/paths.js";
import { SessionStore } from "../../source/session/store.js";
import { afterEach } from "vitest";
import type { ArborTerminal } from "./arbor-terminal.js";

/** A session with two turns and their checkpoints, for the chat's restore questions (/tree, /restore, /fork). */
const reply = (text: string) =>
	({ role: "assistant", content: [{ type: "text", text }], api: "openai-completions", provider: "compat", model: "test-model", stopReason: "stop", timestamp: Date.now() }) as never;

/** user "first" → reply one → checkpoint (a.txt v1) → user "second" → reply two → checkpoint (a.txt v2, b.txt). */
export async function sessionWithCheckpoints(cwd: string, home: string): Promise<string> {
	const store = SessionStore.create({ cwd, sessionDir: sessionDirFor(cwd, home) });
	const ck = Checkpointer.create({ session: store, home, cwd });
	fs.writeFileSync(path.join(cwd, "a.txt"), "v1\n");
	store.appendMessage({ role: "user", content: "first", timestamp: Date.now() });
	store.appendMessage(reply("reply one"));
	await ck.take("after-turn");
	fs.writeFileSync(path.join(cwd, "a.txt"), "v2\n");
	fs.writeFileSync(path.join(cwd, "b.txt"), "b\n");
	store.appendMessage({ role: "user", content: "second", timestamp: Date.now() });
	store.appendMessage(reply("reply two"));
	await ck.take("after-turn");
	const file = store.file!;
	store.close();
	return file;
}


/** A project folder as `tempProject()` makes it. */
type Project = { cwd: string; home: string; done(): void };

/** The terminal and the project a chat test opened: after each test the app is ended, then the project removed. */
export function useOpenedChat(): { term?: ArborTerminal; at?: Project } {
	const opened: { term?: ArborTerminal; at?: Project } = {};
	afterEach(async () => {
		await opened.term?.kill();
		opened.term = undefined;
		opened.at?.done();
		opened.at = undefined;
	});
	return opened;
}

/** From the restore question: ↓ to "Keep files as they are", then Enter. */
export async function keepFilesAsTheyAre(t: ArborTerminal): Promise<void> {
	await t.waitForScreen((s) => s.includes("Restore files to this point?"), "restore question");
	t.send("Down");
	await t.waitForScreen((s) => s.includes("› Keep files as they are"), "keep selected");
	t.send("Enter");
}

/** On the restore question: `key` twice to the choice `choice` (its text), Enter, and the screen saying `outcome`. */
export async function takeRestoreChoice(t: ArborTerminal, key: "Up" | "Down", choice: string, outcome: string): Promise<string> {
	t.send(key);
	t.send(key);
	await t.waitForScreen((s) => s.includes(`› ${choice}`), choice);
	t.send("Enter");
	return t.waitForScreen((s) => s.includes(outcome), outcome);
}
