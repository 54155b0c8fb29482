import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerConfirmation, fileEntries, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

describe("interactive mode asks before a file tool leaves the working directory", () => {
	it("shows the write question for an outside read; No gives the model a declined result", async () => {
		const { dir, home } = tempPlace("confine");
		const project = join(dir, "project");
		mkdirSync(project);
		writeFileSync(join(dir, "secret.txt"), "TOPSECRET\n");
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "read", args: { path: "../secret.txt" } }]), textReply("Fine, I won't.")]);
		fx.tmux = startArbor({ args: ["--model", "compat:test", "--base-url", fx.server.url], cwd: project, home });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
		await submitLine(fx.tmux, "read the secret");
		await answerConfirmation(fx.tmux, (s) => s.includes("Allow read ../secret.txt (outside the working directory)?"), "n", "the question");
		await fx.tmux.waitForScreen((s) => s.includes("Fine, I won't."), "the reply");
		await quit(fx.tmux);
		const root = join(home, "sessions");
		const folder = join(root, readdirSync(root)[0]!);
		const file = join(folder, readdirSync(folder).find((f) => f.endsWith(".jsonl"))!);
		const result = fileEntries(file).find((e) => e.message?.role === "toolResult").message;
		expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: "the user declined to run this tool" }] });
		expect(JSON.stringify(fx.server.requests[1]!.body)).not.toContain("TOPSECRET");
	});
});
