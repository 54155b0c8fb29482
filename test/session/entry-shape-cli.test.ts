import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { quit, submitLine } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { fixtureCopy, runCli } from "../helpers/cli.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";

const dirs: string[] = [];
let server: SseServer | undefined;
let tmux: ArborTerminal | undefined;
afterEach(async () => {
	tmux?.kill();
	tmux = undefined;
	await server?.close();
	server = undefined;
});
afterAll(() => {
	for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Line = Record<string, any>;

/** The tree fixture with `edit` applied to its parsed lines (index 0 is the header). */
function damaged(edit: (lines: Line[]) => void, raw?: (text: string) => string): { file: string; home: string; dir: string } {
	const copy = fixtureCopy("pi-tree-session.jsonl");
	dirs.push(copy.dir);
	const lines = readFileSync(copy.file, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as Line);
	edit(lines);
	const text = `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
	writeFileSync(copy.file, raw ? raw(text) : text);
	return copy;
}

/** Index of the leaf's user message (the last user message of the file). */
function lastUser(lines: Line[]): number {
	for (let i = lines.length - 1; i > 0; i--) if (lines[i]!.type === "message" && lines[i]!.message?.role === "user") return i;
	return -1;
}

describe("built CLI: wrongly typed entries do not crash views or the model", () => {
	it.each([
		["message: null", (l: Line[]) => void (l[lastUser(l)]!.message = null)],
		["no message", (l: Line[]) => void delete l[lastUser(l)]!.message],
		["content nested in a list", (l: Line[]) => void (l[lastUser(l)]!.message.content = [[{ type: "text", text: "x" }]])],
	])("%s: tree and context exit 0 with a warning naming the line", async (_name, edit) => {
		let line = 0;
		const { file, home } = damaged((l) => {
			line = lastUser(l) + 1;
			edit(l);
		});
		for (const args of [["tree", file], ["context", file, "--json"], ["context", file]]) {
			const run = await runCli(args, { env: { ARBOR_HOME: home } });
			expect(run.code).toBe(0);
			expect(run.stderr).toMatch(new RegExp(`^arbor: warning: .*: line ${line}: message entry not usable \\(.*\\), left out of views and context$`, "m"));
		}
	});

	it("5,000 levels of nesting in the leaf's message: context --json exits 0", async () => {
		const { file, home } = damaged(
			(l) => void (l[l.length - 1] = { ...l[lastUser(l)], id: "deadbeef", parentId: l[l.length - 1]!.id, message: { role: "user", content: [{ type: "text", text: "x", extra: "DEEP" }], timestamp: 1 } }),
			(text) => text.replace('"DEEP"', `${"[".repeat(5000)}${"]".repeat(5000)}`),
		);
		const run = await runCli(["context", file, "--json"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(run.stderr).toMatch(/values nested more than 256 levels deep/);
		expect(JSON.parse(run.stdout).leafId).toBe("deadbeef");
	});

	it("a message with nested content on the path: the next turn passes the SDK's schema check and leaves it out", async () => {
		const { file, home, dir } = damaged((l) => void (l[lastUser(l)]!.message.content = [[{ type: "text", text: "NESTED" }]]));
		server = await startSseServer([textReply("fine")]);
		const args = ["-p", "-s", file, "--model", "compat:test-model", "--base-url", server.url, "next question"];
		const run = await runCli(args, { cwd: dir, env: { ARBOR_HOME: home, ARBOR_MAX_RETRIES: "0" } });
		expect(run.stderr).toMatch(/message entry not usable/);
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("fine\n");
		const sent = JSON.stringify(server.requests[0]!.body.messages);
		expect(sent).toContain("next question");
		expect(sent).not.toContain("NESTED");
	});

	it("interactive: a session with message: null opens and /tree shows it (virtual terminal)", async () => {
		const { file, home, dir } = damaged((l) => void (l[lastUser(l)]!.message = null));
		tmux = startArbor({ args: ["--session", file], cwd: dir, home });
		await tmux.waitForScreen((s) => s.includes("damaged line"), "status line with the damaged count");
		await submitLine(tmux, "/tree");
		const screen = await tmux.waitForScreen((s) => s.includes("Session tree") && /\(\d+\/\d+\) \[default\]/.test(s), "tree selector");
		expect(screen).not.toMatch(/Cannot read properties|TypeError/);
		tmux.send("Escape");
		await tmux.waitForScreen((s) => !s.includes("Session tree"), "tree closed");
		await quit(tmux);
	});
});
