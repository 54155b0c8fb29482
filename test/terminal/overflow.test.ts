/**
 * The chat with a model whose window arbor does not know: the server refuses the next request as
 * too long (llama.cpp's message). arbor compacts (the spinner says so), sends the message again
 * and shows the answer, with the compaction in the status line; no error entry is left.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { sessionDirFor, sessionFiles } from "../../source/session/paths.js";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, type Script } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

/** Streamed chat requests get `chat` in order; summaries (not streamed) get "SUMMARY n". */
function chatAndSummaries(chat: Script[]): (body: { stream?: boolean }) => Script {
	let next = 0;
	let summaries = 0;
	return (body) => (body?.stream === true ? (chat[next++] ?? { type: "error", status: 500, message: "no more chat scripts" }) : textReply(`SUMMARY ${++summaries}`));
}

describe("a request refused as longer than the model's window (virtual terminal)", () => {
	it("compacts, sends the message again, shows the answer and says what happened", async () => {
		({ dir: fx.dir } = tempPlace("overflow"));
		const long = (tag: string) => textReply(["word ".repeat(18_000), `end of ${tag}`]);
		const refusal: Script = { type: "error", status: 400, message: "the request exceeds the available context size, try increasing it" };
		fx.server = await startSseServer(chatAndSummaries([long("a1"), long("a2"), refusal, textReply("the third answer")]));
		const home = join(fx.dir, "home");
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home, cols: 100, rows: 30 });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "one");
		await fx.tmux.waitForScreen((s) => s.includes("end of a1") && !s.includes("Working"), "first answer");
		await submitLine(fx.tmux, "two");
		await fx.tmux.waitForScreen((s) => s.includes("end of a2") && !s.includes("Working"), "second answer");
		await submitLine(fx.tmux, "three");
		const done = await fx.tmux.waitForScreen((s) => s.includes("the third answer") && /compacted \(\d[\d,]* tokens before\) and sent again/.test(s), "answer after the compaction");
		expect(done).toContain("The context was longer than the model's window");
		expect(done).not.toContain("exceeds the available context size");
		await quit(fx.tmux);
		const [file] = sessionFiles(sessionDirFor(fx.dir, home));
		const path = SessionStore.open(file!).snapshot();
		const tail = path.getPath(path.leafId).slice(-3).map((e) => (e.type === "message" ? `${e.message.role}:${"stopReason" in e.message ? e.message.stopReason : ""}` : e.type));
		expect(tail).toEqual(["user:", "compaction", "assistant:stop"]);
	}, 60_000);

	it("with the settings' autoCompaction false it does not compact: the refusal is the turn's error and says how to go on", async () => {
		({ dir: fx.dir } = tempPlace("overflow"));
		const refusal: Script = { type: "error", status: 400, message: "the request exceeds the available context size, try increasing it" };
		fx.server = await startSseServer(chatAndSummaries([textReply("first answer"), refusal]));
		const home = join(fx.dir, "home");
		mkdirSync(home, { recursive: true });
		writeFileSync(join(home, "settings.json"), JSON.stringify({ autoCompaction: false }));
		fx.tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home, cols: 100, rows: 30 });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		await submitLine(fx.tmux, "one");
		await fx.tmux.waitForScreen((s) => s.includes("first answer") && !s.includes("Working"), "first answer");
		await submitLine(fx.tmux, "two");
		await fx.tmux.waitForScreen((s) => s.replace(/\n/g, " ").includes("automatic compaction is off (settings \"autoCompaction\": false): /compact, then send again"), "the refusal, with what to do");
		expect(fx.server.requests.filter((r) => r.body?.stream !== true)).toHaveLength(0);
		await quit(fx.tmux);
	}, 60_000);
});
