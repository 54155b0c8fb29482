import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { model, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, startRpc } from "../rpc/helpers.js";
import { write } from "../helpers/write-file.js";

// The projects here are the tests' own: their -p runs pass --trust-project so the .arbor/ acts (docs/trust.md).

const fx = useCliProject();
afterEach(async () => {
	await cleanUp();
});


/** Two extensions adding to the system prompt at turn_start: the second sees the first's. */
function extensions(cwd: string): void {
	write(join(cwd, ".arbor", "extensions", "1-french.ts"), `export default (arbor: any) => arbor.on("turn_start", (e: any) => ({ systemPrompt: e.systemPrompt + "\\n\\nAnswer in French." }));\n`);
	write(
		join(cwd, ".arbor", "extensions", "2-brief.ts"),
		`export default (arbor: any) => arbor.on("turn_start", (e: any) => e.prompt.includes("plain") ? undefined : { systemPrompt: e.systemPrompt + "\\n\\nBe brief." });\n`,
	);
}

const system = (body: { messages: { role: string; content: string }[] }) => body.messages.find((m) => m.role === "system")?.content ?? "";

describe("turn_start may give the turn another system prompt (pi's before_agent_start)", () => {
	it("-p: handlers chain (each sees the one before), a turn whose handler returns nothing keeps what the others made; nothing is stored", async () => {
		const server = await fx.serve([textReply("Bonjour"), textReply("Salut")]);
		const { cwd, home } = fx;
		extensions(cwd);
		const env = { cwd, env: { ARBOR_HOME: home } };
		expect(await runCli(["-p", "--trust-project", ...model(server.url), "hello"], env)).toMatchObject({ code: 0, stdout: "Bonjour\n" });
		expect(await runCli(["-p", "--trust-project", ...model(server.url), "-c", "plain hello"], env)).toMatchObject({ code: 0, stdout: "Salut\n" });
		const [first, second] = server.requests.map((r) => system(r.body));
		expect(first).toMatch(/^You are arbor/);
		expect(first!.endsWith("\n\nAnswer in French.\n\nBe brief.")).toBe(true);
		expect(second!.endsWith("\n\nAnswer in French.")).toBe(true);
		expect(second).not.toContain("Be brief.");
		expect(readFileSync(sessionFiles(home)[0]!, "utf8")).not.toContain("Answer in French");
	});

	it("RPC: the turn's request carries it", async () => {
		const rpc = await startRpc([textReply("Bonjour")], [], { extensions });
		await rpc.client.promptAndWait("hello");
		expect(system(rpc.server.requests[0]!.body).endsWith("Answer in French.\n\nBe brief.")).toBe(true);
	});

	it("a systemPrompt that is not text is one warning and the turn keeps the one it had", async () => {
		const server = await fx.serve([textReply("ok")]);
		const { cwd, home } = fx;
		const file = write(join(cwd, ".arbor", "extensions", "bad.ts"), `export default (arbor: any) => arbor.on("turn_start", () => ({ systemPrompt: 42 }));\n`);
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "hi"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "ok\n" });
		expect(run.stderr).toBe(`arbor: warning: extension ${file}: turn_start handler returned a bad result (systemPrompt: expected string, received number); ignored\n`);
		expect(system(server.requests[0]!.body)).toMatch(/^You are arbor/);
	});
});

describe("context: what each request sends (pi's context event)", () => {
	it("a handler may send less than the session holds (here: the last user message alone); the session keeps everything; a bad list is one warning", async () => {
		const server = await fx.serve([textReply("one"), textReply("two"), textReply("three")]);
		const { cwd, home } = fx;
		const env = { cwd, env: { ARBOR_HOME: home } };
		const file = write(
			join(cwd, ".arbor", "extensions", "forget.ts"),
			`export default (arbor: any) => arbor.on("context", (e: any) => {
	const last = e.messages.at(-1);
	if (last.content === "third") return { messages: [{ role: "robot" }] };
	return e.messages.length > 1 ? { messages: [last] } : undefined;
});\n`,
		);
		expect(await runCli(["-p", "--trust-project", ...model(server.url), "first"], env)).toMatchObject({ code: 0, stdout: "one\n" });
		expect(await runCli(["-p", "--trust-project", ...model(server.url), "-c", "second"], env)).toMatchObject({ code: 0, stdout: "two\n" });
		const sent = (i: number) => server!.requests[i]!.body.messages.filter((m: { role: string }) => m.role !== "system").map((m: { content: unknown }) => m.content);
		expect(sent(1)).toEqual(["second"]);
		const third = await runCli(["-p", "--trust-project", ...model(server.url), "-c", "third"], env);
		expect(third).toMatchObject({ code: 0, stdout: "three\n" });
		expect(third.stderr).toBe(`arbor: warning: extension ${file}: context handler returned a bad result (messages.0.role: expected one of "user"|"assistant"|"toolResult"|"bashExecution"|"custom"|"compactionSummary"|"branchSummary"); ignored\n`);
		expect(sent(2)).toHaveLength(5);
		const stored = readFileSync(sessionFiles(home)[0]!, "utf8");
		for (const text of ["first", "one", "second", "two", "third", "three"]) expect(stored).toContain(`"${text}"`);
	});
});

describe("input: what the user sent, before the turn (pi's input event)", () => {
	it("handlers may rewrite the text (each sees the one before); the turn sends and stores the result, in -p and for an RPC client", async () => {
		const rewrite = (cwd: string) => {
			write(join(cwd, ".arbor", "extensions", "1-expand.ts"), `export default (arbor: any) => arbor.on("input", (e: any) => ({ text: e.text.replace("@today", "on 2026-11-26") }));\n`);
			write(join(cwd, ".arbor", "extensions", "2-polite.ts"), `export default (arbor: any) => arbor.on("input", (e: any) => (e.mode === "print" || e.mode === "interactive" ? { text: e.text + ", please" } : undefined));\n`);
		};
		const server = await fx.serve([textReply("done")]);
		const { cwd, home } = fx;
		rewrite(cwd);
		expect(await runCli(["-p", "--trust-project", ...model(server.url), "plan @today"], { cwd, env: { ARBOR_HOME: home } })).toMatchObject({ code: 0, stdout: "done\n" });
		const last = (body: { messages: { role: string; content: unknown }[] }) => body.messages.filter((m) => m.role === "user").at(-1)!.content;
		expect(last(server.requests[0]!.body)).toBe("plan on 2026-11-26, please");
		expect(readFileSync(sessionFiles(home)[0]!, "utf8")).toContain('"plan on 2026-11-26, please"');

		const rpc = await startRpc([textReply("ok")], [], { extensions: rewrite });
		await rpc.client.promptAndWait("plan @today");
		expect(last(rpc.server.requests[0]!.body)).toBe("plan on 2026-11-26, please");
	});
});
