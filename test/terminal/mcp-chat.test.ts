/**
 * The chat's MCP parts (docs/mcp.md), in the real interactive mode at 80×24 against
 * server-everything and the SSE model server: the approval question for a project's `.mcp.json`
 * servers, `/mcp`'s list with the lazy-loading figure, a failed server's status line, and the
 * servers' prompts as slash commands.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";
import { dyingStdio, EVERYTHING, everythingStdio } from "../mcp/servers.js";

const fx = useArborRun<ArborTerminal>();
const QUESTION = "This project's MCP servers would run these programs:";

/** The chat in a project with `project` in its .mcp.json and `user` in $ARBOR_HOME/settings.json. */
async function startIn(servers: { project?: Record<string, unknown>; user?: Record<string, unknown> }, opts: { replies?: Parameters<typeof startSseServer>[0]; args?: string[] } = {}) {
	const { dir, home } = tempPlace("mcp-chat");
	fx.dir = dir;
	if (servers.project) write(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: servers.project }));
	if (servers.user) write(join(home, "settings.json"), JSON.stringify({ mcpServers: servers.user }));
	const server = await startSseServer(opts.replies ?? (() => textReply("answered")));
	fx.server = server;
	const t = startArbor({ args: ["--model", "compat:test-model", "--base-url", server.url, ...(opts.args ?? [])], cwd: dir, home, cols: 80, rows: 24 });
	fx.tmux = t;
	return { t, dir, home, server };
}

/** Opens /mcp and waits for `what` in it; closes it again with Esc. */
async function mcpList(t: ArborTerminal, what: (screen: string) => boolean, label: string): Promise<string> {
	await submitLine(t, "/mcp");
	const screen = await t.waitForScreen((s) => s.includes("tool definitions per request:") && what(s), label);
	t.write("\u001b");
	await t.waitForScreen((s) => !s.includes("tool definitions per request:"), "/mcp closed");
	return screen;
}

describe("the chat and a project's MCP servers (80×24)", () => {
	it("asks before a .mcp.json server starts, listing its command line; Not now (the default) leaves it out", async () => {
		const { t, home } = await startIn({ project: { everything: everythingStdio() } });
		const screen = await t.waitForScreen((s) => s.includes(QUESTION), "the approval question");
		expect(screen).toContain("everything  (.mcp.json)");
		// The whole command line, wrapped in the box (a wrap may take the space it breaks at: compared without blanks).
		const bare = (text: string) => text.replace(/[\s│]/g, "");
		expect(bare(screen)).toContain(bare(`$ ${process.execPath} ${EVERYTHING} stdio`));
		expect(screen).toMatch(/› Not now \(start without them\) *│\n│ {3}Approve and start them/);
		t.write("\r");
		await t.waitForScreen((s) => !s.includes(QUESTION), "the question answered");
		const list = await mcpList(t, (s) => s.includes("everything  project  not approved: arbor mcp approve"), "/mcp: not approved");
		expect(list).toContain("tool definitions per request: 0 tokens without lazy loading");
		expect(existsSync(join(home, "mcp-approvals.json"))).toBe(false);
		await quit(t);
	}, 60_000);

	it("Approve starts it and remembers it as arbor mcp approve does; /mcp lists its tools, their tokens and the per-request figure", async () => {
		const { t, home, dir } = await startIn({ project: { everything: everythingStdio() } });
		await t.waitForScreen((s) => s.includes(QUESTION), "the approval question");
		t.write("\u001b[B");
		await t.waitForScreen((s) => s.includes("› Approve and start them"), "Down: Approve");
		t.write("\r");
		const list = await mcpList(t, (s) => /everything {2}project {2}ready, \d+ tools \([\d,]+ tokens\)/.test(s), "/mcp: ready");
		expect(list).toMatch(/ {4}mcp__everything__echo {2}[\d,]+ tokens/);
		// The per-request figure wraps in the box, never cut.
		expect(list.replace(/ *│\n│ */g, " ")).toMatch(/tool definitions per request: 1,287 tokens without lazy loading, 79 with it \(off: above 10 %\)/);
		const approvals = JSON.parse(readFileSync(join(home, "mcp-approvals.json"), "utf8"));
		expect(JSON.stringify(approvals)).toContain("everything");
		await quit(t);
		await t.kill(); // its cwd and environment back before the next start
		// The next start in the same project does not ask again.
		const again = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server!.url], cwd: dir, home, cols: 80, rows: 24 });
		fx.tmux = again;
		await mcpList(again, (s) => s.includes("everything  project  ready"), "/mcp: ready without asking");
		expect(again.capture()).not.toContain(QUESTION);
		await quit(again);
	}, 90_000);

	it("a server that fails to start is one line in the status line and failed with its reason in /mcp; the others work", async () => {
		const { t } = await startIn({ user: { everything: everythingStdio(), broken: { command: process.execPath, args: ["-e", "console.error('no such database'); process.exit(3)"] } } });
		await t.waitForScreen((s) => /MCP server broken: .*no such database/.test(s), "the failure in the status line");
		const list = await mcpList(t, (s) => s.includes("everything  user  ready"), "/mcp: one failed, one ready");
		expect(list).toMatch(/broken {2}user {2}failed: .*no such database/);
		expect(list).not.toContain(QUESTION);
		await quit(t);
	}, 60_000);

	it("a server that dies mid-session is one line in the status line and failed with its reason in /mcp", async () => {
		const { t } = await startIn({ user: { dying: dyingStdio() } }, { replies: [toolCallReply([{ id: "c1", name: "mcp__dying__crash", args: {} }]), textReply("after the crash")], args: ["-y"] });
		await mcpList(t, (s) => s.includes("dying  user  ready"), "/mcp: ready");
		await submitLine(t, "crash it");
		await t.waitForScreen((s) => s.includes("after the crash") && s.includes("MCP server dying: stopped: out of memory in the widget cache"), "the death in the status line");
		await t.waitForScreen((s) => !s.includes("Working…"), "the turn ended");
		await mcpList(t, (s) => s.includes("dying  user  failed: stopped: out of memory in the widget cache"), "/mcp: failed");
		await quit(t);
	}, 60_000);

	it("the servers' prompts are in the slash menu as /mcp__server__prompt and run: the model gets the prompt's text", async () => {
		const { t, server } = await startIn({ user: { everything: everythingStdio() } });
		t.type("/mcp__every");
		await t.waitForScreen((s) => s.includes("/mcp__everything__args-prompt") && s.includes("/mcp__everything__simple-prompt"), "the prompts in the menu");
		t.send("C-u");
		await submitLine(t, "/mcp__everything__args-prompt Paris Île de France");
		await t.waitForScreen((s) => s.includes("answered"), "the reply");
		expect(server.requests[0]!.body.messages.at(-1)).toEqual({ role: "user", content: "What's weather in Paris, Île de France?" });
		await quit(t);
	}, 60_000);
});
