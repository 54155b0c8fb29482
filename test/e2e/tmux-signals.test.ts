import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileEntries, startArbor, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import type { TmuxSession } from "../helpers/tmux.js";
import { waitFor } from "../helpers/wait-for.js";

const fx = useArborRun();

/** The pid of the arbor process running in the tmux pane. */
function arborPid(t: TmuxSession): number {
	const pane = execFileSync("tmux", ["-L", t.name, "display-message", "-p", "-t", t.name, "#{pane_pid}"], { encoding: "utf8" }).trim();
	const out = execFileSync("pgrep", ["-P", pane, "-f", "cli.js"], { encoding: "utf8" }).trim();
	return Number(out.split("\n")[0]);
}

function running(pid: number): boolean {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		return !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
	} catch {
		// No /proc entry: gone.
		return false;
	}
}

function sessionFile(home: string): string {
	const root = join(home, "sessions");
	const [dir] = readdirSync(root);
	return join(root, dir!, readdirSync(join(root, dir!)).find((f) => f.endsWith(".jsonl"))!);
}

describe("signals end an interactive session cleanly", () => {
	it("SIGTERM mid-reply saves the partial reply as aborted, releases the lock, exits 143", async () => {
		fx.server = await startSseServer([textReply("First answer."), textReply(["Partial ", "answer "], { hold: true })]);
		const { dir, home } = tempPlace("signals");
		fx.tmux = startArbor({ args: ["--model", "compat:test", "--base-url", fx.server.url], cwd: dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
		await submitLine(fx.tmux, "first");
		await fx.tmux.waitForScreen((s) => s.includes("First answer."), "first reply");
		await submitLine(fx.tmux, "second");
		await fx.tmux.waitForScreen((s) => s.includes("Partial answer"), "partial reply");
		const file = sessionFile(home);
		expect(existsSync(`${file}.lock`)).toBe(true);
		process.kill(arborPid(fx.tmux), "SIGTERM");
		await fx.tmux.waitForScreen((s) => s.includes("[exit 143]"), "exit 143");
		expect(fileEntries(file).at(-1).message).toMatchObject({ role: "assistant", stopReason: "aborted", content: [{ type: "text", text: "Partial answer " }] });
		expect(existsSync(`${file}.lock`)).toBe(false);
	});

	it("closing the terminal (SIGHUP) during a bash command kills its process group and saves the turn", async () => {
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command: "sleep 1000 & echo $! > sleep.pid; wait" } }]), textReply("never")]);
		const { dir, home } = tempPlace("signals");
		fx.tmux = startArbor({ args: ["--model", "compat:test", "--base-url", fx.server.url, "--yes"], cwd: dir, home });
		await fx.tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
		await submitLine(fx.tmux, "wait a lot");
		const sleepPid = await waitFor(() => {
			const text = existsSync(join(dir, "sleep.pid")) ? readFileSync(join(dir, "sleep.pid"), "utf8").trim() : "";
			return text ? Number(text) : undefined;
		}, { what: "the sleep pid" });
		const pid = arborPid(fx.tmux);
		fx.tmux.kill();
		fx.tmux = undefined;
		await waitFor(() => !running(pid), { what: "arbor to exit" });
		await waitFor(() => !running(sleepPid), { what: `sleep ${sleepPid} to be killed` });
		// A new session's file is written with its first assistant message: here the aborted one.
		const file = sessionFile(home);
		// (The turn's checkpoints of the files are custom entries around it: the last message is the aborted step.)
		const messages = fileEntries(file).filter((e) => e.type === "message");
		expect(messages.at(-1).message).toMatchObject({ role: "assistant", stopReason: "aborted", content: [{ type: "toolCall", name: "bash" }] });
		expect(existsSync(`${file}.lock`)).toBe(false);
	});
});
