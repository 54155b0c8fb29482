/**
 * `recall` through the built CLI (print mode on the session core) against the local model server:
 * the model calls the tool and the next request carries what it found.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeBranchSessions } from "../helpers/branch-sessions.js";
import { runCli } from "../helpers/cli.js";
import { entries, model, place, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type RecordedRequest, type SseServer } from "../helpers/sse-server.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const systemOf = (r: RecordedRequest): string => r.body.messages.find((m: { role: string }) => m.role === "system")?.content ?? "";
/** The text of the tool results a request sent. */
const toolResults = (r: RecordedRequest): string[] => r.body.messages.filter((m: { role: string }) => m.role === "tool").map((m: { content: unknown }) => String(m.content));
/** A chat request whose last message asks to recall gets a recall call; anything else "noted". */
const recallWhenAsked = (query: string) => (body: any) => {
	if (body.stream !== true) return textReply("## Goal\nKeep going.", { usage: { prompt: 100, completion: 5 } });
	const last = body.messages.at(-1);
	const asks = last?.role === "user" && JSON.stringify(last.content).includes("RECALL NOW");
	const tokens = Math.ceil(JSON.stringify(body.messages).length / 4);
	return asks ? toolCallReply([{ id: "r1", name: "recall", args: { query } }]) : textReply("noted", { usage: { prompt: tokens, completion: 2 } });
};

describe("recall (docs/memory.md)", () => {
	it("after a compaction removed a fact from the context, the model's recall call gets it back, marked as compacted away", async () => {
		server = await startSseServer(recallWhenAsked("codename"));
		const { cwd, home } = place("arbor-recall-");
		mkdirSync(home, { recursive: true });
		const models = { providers: { local: { baseUrl: server.url, api: "openai-completions", apiKey: "LOCAL_KEY", models: [{ id: "small", contextWindow: 8_192 }] } } };
		writeFileSync(join(home, "models.json"), JSON.stringify(models));
		const env = { ARBOR_HOME: home, LOCAL_KEY: "k" };
		const pad = "word ".repeat(1600);
		const compacted = () => entries(sessionFiles(home)[0]!).some((e) => e.type === "compaction");
		for (let turn = 1; turn <= 14 && (turn === 1 || !compacted()); turn++) {
			const fact = turn === 1 ? "The project codename is BLUEFIN-7. " : "";
			const run = await runCli(["-p", ...(turn > 1 ? ["-c"] : []), "-m", "local:small", "--no-tools", `${fact}turn ${turn} ${pad}`], { cwd, env });
			expect(run.code, run.stderr).toBe(0);
		}
		expect(compacted()).toBe(true);
		const before = server.requests.length;
		const run = await runCli(["-p", "-c", "-m", "local:small", "RECALL NOW: what was the codename?"], { cwd, env });
		expect(run.code, run.stderr).toBe(0);
		const [ask, answer] = server.requests.slice(before).filter((r) => r.body.stream === true);
		// The fact is gone from the context, and the system prompt says recall can help.
		expect(JSON.stringify(ask!.body.messages)).not.toContain("BLUEFIN-7");
		expect(systemOf(ask!)).toContain("an earlier part of this conversation was compacted");
		expect(ask!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toContain("recall");
		const [result] = toolResults(answer!);
		expect(result).toContain("The project codename is BLUEFIN-7.");
		expect(result).toMatch(/\[1\] entry \w+ · user · .*\n {4}compacted away \(on the current path, before the newest compaction/);
	});

	it("a fact only on an abandoned branch comes back marked as from another branch", async () => {
		server = await startSseServer([toolCallReply([{ id: "r1", name: "recall", args: { query: "APPLEWIN" } }]), textReply("It was APPLEWIN.")]);
		const { cwd, home } = place("arbor-recall-");
		const { branched } = writeBranchSessions(cwd, home);
		const run = await runCli(["-p", ...model(server.url), "-s", branched, "What did the other approach conclude?"], { cwd, env: { ARBOR_HOME: home } });
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain("It was APPLEWIN.");
		const [ask, answer] = server.requests;
		expect(JSON.stringify(sentMessages(ask!.body))).not.toContain("APPLEWIN");
		expect(systemOf(ask!)).toContain("the conversation tree has other branches");
		const [result] = toolResults(answer!);
		expect(result).toContain("1 of 1 match for \"APPLEWIN\" in this session's tree; 1 of those shown are not in your context.");
		expect(result).toContain("[1] entry aA · assistant · ");
		expect(result).toContain("on another branch (leaves the current path after entry a1)\nApples sell best in autumn, conclusion APPLEWIN");
	});

	it("a session with one branch and no compaction gets no word about recall in its system prompt", async () => {
		server = await startSseServer([textReply("first"), textReply("second")]);
		const { cwd, home } = place("arbor-recall-");
		for (const [i, text] of ["one", "two"].entries()) {
			const run = await runCli(["-p", ...(i > 0 ? ["-c"] : []), ...model(server.url), text], { cwd, env: { ARBOR_HOME: home } });
			expect(run.code, run.stderr).toBe(0);
		}
		for (const r of server.requests) expect(systemOf(r)).not.toContain("# Memory");
		expect(server.requests[1]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toContain("recall");
	});
});
