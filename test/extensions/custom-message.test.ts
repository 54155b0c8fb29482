import { afterEach, describe, expect, it } from "vitest";
import { fileEntries } from "../helpers/arbor-tmux.js";
import { runCli } from "../helpers/cli.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";
import { project, put } from "./helpers.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const model = (url: string) => ["--model", "compat:test-model", "--base-url", url];

/** Puts a hidden note into the context at turn_start and records each turn's entries at turn_end. */
const NOTES = `
import type { ExtensionAPI } from "arbor/extensions";
export default function (arbor: ExtensionAPI) {
	arbor.on("session_start", (event, ctx) => ctx.ui.notify("start " + event.reason + " " + ctx.mode));
	arbor.on("turn_start", (event) => {
		arbor.sendMessage({ customType: "note", content: "The codeword is PAPAYA.", display: false, details: { for: event.prompt } });
	});
	arbor.on("turn_end", (event, ctx) => {
		const kinds = event.entries.map((e) => (e.type === "message" ? (e.message as { role: string }).role : e.type));
		arbor.appendEntry("turn-log", { kinds, ok: event.ok, text: event.text, context: ctx.session.contextMessages().length });
	});
	arbor.on("session_shutdown", (_event, ctx) => ctx.ui.notify("bye " + ctx.session.leafId));
}
`;

describe("custom_message and turn events (print mode through the built CLI)", () => {
	it("sendMessage puts a custom_message in the model's context as a user message; appendEntry state stays out of it", async () => {
		server = await startSseServer([textReply("It is PAPAYA."), textReply("Still PAPAYA.")]);
		const p = project();
		put(p.cwd, ".arbor/extensions/notes.ts", NOTES);
		const first = await runCli(["-p", "-c", ...model(server.url), "--label", "asked", "what is the codeword?"], { cwd: p.cwd, env: p.env });
		expect(first.stdout).toBe("It is PAPAYA.\n");
		expect(first.code).toBe(0);
		const sent = server.requests[0]!.body.messages;
		expect(sent.slice(-2)).toEqual([
			{ role: "user", content: "The codeword is PAPAYA." },
			{ role: "user", content: "what is the codeword?" },
		]);
		expect(first.stderr).toMatch(/^arbor: start startup print\narbor: bye [0-9a-f]{8}\n$/);

		// The stored entries: note, user, the files as it was sent (a checkpoint beside it), assistant, then the extension's state entry.
		const sessions = await runCli(["sessions", "--json"], { cwd: p.cwd, env: p.env });
		const [session] = JSON.parse(sessions.stdout);
		const entries = fileEntries(session.file).slice(1);
		expect(entries.map((e) => (e.type === "message" ? e.message.role : e.type))).toEqual(["custom_message", "user", "custom", "assistant", "custom", "label"]);
		// --label still labels the user message, not the extension's note before it.
		expect(entries[5]).toMatchObject({ targetId: entries[1].id, label: "asked" });
		expect(entries[0]).toMatchObject({ customType: "note", content: "The codeword is PAPAYA.", display: false, details: { for: "what is the codeword?" } });
		expect(entries[4]).toMatchObject({ customType: "turn-log", data: { kinds: ["user", "custom", "assistant"], ok: true, text: "It is PAPAYA.", context: 3 } });

		// The next turn sends the earlier note again (it is part of the path), but never the state entry.
		await runCli(["-p", "-c", ...model(server.url), "again?"], { cwd: p.cwd, env: p.env });
		const again = server.requests[1]!.body.messages.map((m: { role: string; content: string }) => `${m.role}: ${m.content}`);
		expect(again.slice(-5)).toEqual([
			"user: The codeword is PAPAYA.",
			"user: what is the codeword?",
			"assistant: It is PAPAYA.",
			"user: The codeword is PAPAYA.",
			"user: again?",
		]);
		const context = JSON.parse((await runCli(["context", session.file, "--json"], { env: p.env })).stdout);
		expect(context.messages.map((m: { role: string }) => m.role)).toEqual(["custom", "user", "assistant", "custom", "user", "assistant"]);
	});
});
