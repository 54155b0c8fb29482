import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { model, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { SessionStore } from "../../source/session/store.js";
import { piContexts } from "../pi16/pi.js";
import { byConversation, firstUserText, taskCall } from "./conversations.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});


describe("aborting a turn aborts its tasks (docs/tasks.md)", () => {
	it("SIGINT while two tasks stream: both stop, their branches are written under the call, the file's leaf stays on the main path", async () => {
		server = await startSseServer(
			byConversation({
				both: [toolCallReply([taskCall("ta", "slow one", "think slowly"), taskCall("tb", "slow two", "think slower")])],
				"think slowly": [textReply(["Thinking ", "slowly "], { hold: true })],
				"think slower": [textReply(["Thinking ", "slower "], { hold: true })],
			}),
		);
		const { cwd, home } = place("arbor-task-abort-");
		// No checkpoint after the turn: nothing of the main path follows the branches but the marker.
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "settings.json"), JSON.stringify({ checkpoints: false }));
		let pid = -1;
		const running = runCli(["-p", ...model(server.url), "--tools", "read,task", "both"], { cwd, env: { ARBOR_HOME: home }, onSpawn: (p) => (pid = p) });
		await waitFor(() => server!.requests.filter((r) => firstUserText(r.body).startsWith("think")).length === 2, { what: "both tasks' requests" });
		process.kill(pid, "SIGINT");
		const run = await running;
		expect(run.code).toBe(130);
		const [file] = sessionFiles(home);
		const all = readJsonl(file!).slice(1);
		const caller = all.find((e) => e.type === "message" && e.message.role === "assistant" && e.message.content.some((p: any) => p.id === "ta"));
		expect(caller.message.stopReason).toBe("aborted");
		for (const prompt of ["think slowly", "think slower"]) {
			const start = all.find((e) => e.type === "message" && e.message.content === prompt);
			expect(start.parentId).toBe(caller.id);
			const answer = all.find((e) => e.parentId === start.id && e.type === "message");
			expect(answer.message).toMatchObject({ role: "assistant", stopReason: "aborted" });
		}
		expect(all.filter((e) => e.type === "label").map((e) => e.label).sort()).toEqual(["task: slow one", "task: slow two"]);
		// The branches came after the aborted reply: a leaf marker keeps the file's leaf on the main path.
		expect(all[all.length - 1]).toMatchObject({ type: "custom", customType: "arbor.leaf", parentId: caller.id });
		expect(SessionStore.open(file!).snapshot().leafId).toBe(caller.id);
		const piDefault = (await piContexts(file!)).find((l) => l.leaf === null)!;
		expect(piDefault.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
	}, 60_000);
});
