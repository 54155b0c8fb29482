import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { quit, submitLine } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { fixtureProject, useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const TREE = "pi-tree-session.jsonl";
const fx = useCliProject({ env: { ARBOR_MAX_RETRIES: "0" }, make: fixtureProject(TREE) });
let tmux: ArborTerminal | undefined;
afterEach(() => {
	tmux?.kill();
	tmux = undefined;
});

type Line = Record<string, any>;

/** The test's copy of the tree fixture with `edit` applied to its parsed lines (index 0 is the header). */
function damaged(edit: (lines: Line[]) => void, raw?: (text: string) => string): { file: string; home: string; dir: string } {
	const file = join(fx.cwd, TREE);
	const lines = readFileSync(file, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as Line);
	edit(lines);
	const text = `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
	writeFileSync(file, raw ? raw(text) : text);
	return { file, home: fx.home, dir: fx.cwd };
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
		const { file } = damaged((l) => {
			line = lastUser(l) + 1;
			edit(l);
		});
		for (const args of [["tree", file], ["context", file, "--json"], ["context", file]]) {
			const run = await fx.cli(args);
			expect(run.code).toBe(0);
			expect(run.stderr).toMatch(new RegExp(`^arbor: warning: .*: line ${line}: message entry not usable \\(.*\\), left out of views and context$`, "m"));
		}
	});

	it("5,000 levels of nesting in the leaf's message: context --json exits 0", async () => {
		const { file } = damaged(
			(l) => void (l[l.length - 1] = { ...l[lastUser(l)], id: "deadbeef", parentId: l[l.length - 1]!.id, message: { role: "user", content: [{ type: "text", text: "x", extra: "DEEP" }], timestamp: 1 } }),
			(text) => text.replace('"DEEP"', `${"[".repeat(5000)}${"]".repeat(5000)}`),
		);
		const run = await fx.cli(["context", file, "--json"]);
		expect(run.code).toBe(0);
		expect(run.stderr).toMatch(/values nested more than 256 levels deep/);
		expect(JSON.parse(run.stdout).leafId).toBe("deadbeef");
	});

	it("a message with nested content on the path: the next turn passes the SDK's schema check and leaves it out", async () => {
		const { file } = damaged((l) => void (l[lastUser(l)]!.message.content = [[{ type: "text", text: "NESTED" }]]));
		const server = await fx.serve([textReply("fine")]);
		const run = await fx.print(["-s", file, "next question"]);
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
