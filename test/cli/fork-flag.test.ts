import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const fx = useCliProject();

describe("--fork <session> (pi's): a new session with a copy of that one's branch", () => {
	it("answers in the copy, names the source in its header, leaves the source as it was; -c then continues the copy", async () => {
		const server = await fx.serve([textReply("first answer"), textReply("forked answer"), textReply("continued")]);
		const { cwd, home } = fx;
		const env = { cwd, env: { ARBOR_HOME: home } };
		expect((await runCli(["-p", ...model(server.url), "first question"], env)).code).toBe(0);
		const [source] = sessionFiles(home);
		const before = readFileSync(source!, "utf8");
		const id = entries(source!)[0].id as string;

		const forked = await runCli(["-p", ...model(server.url), "--fork", id.slice(0, 8), "second question"], env);
		expect(forked).toMatchObject({ code: 0, stdout: "forked answer\n" });
		expect(readFileSync(source!, "utf8")).toBe(before);
		const copy = sessionFiles(home).find((f) => f !== source)!;
		const lines = entries(copy);
		expect(lines[0]).toMatchObject({ type: "session", parentSession: source });
		// The messages (the first prompt's checkpoint of the files comes along beside it).
		expect(lines.slice(1).filter((e) => e.type === "message").map((e) => e.message?.content?.[0]?.text ?? e.message?.content)).toEqual(["first question", "first answer", "second question", "forked answer"]);
		// The model saw the copied branch.
		expect(sentMessages(server.requests[1]!.body).map((m: { content: unknown }) => m.content)).toEqual(["first question", "first answer", "second question"]);

		const next = await runCli(["-p", ...model(server.url), "-c", "third"], env);
		expect(next.code).toBe(0);
		expect(entries(copy).length).toBe(lines.length + 2);
	});

	it("with -s, -c, -r or --no-session it is exit 2, nothing written", async () => {
		for (const other of [["-c"], ["-s", "abc"], ["--no-session"]]) {
			const run = await fx.cli(["-p", "--model", "compat:x", "--base-url", "http://127.0.0.1:9/v1", "--fork", "abc", ...other, "hi"]);
			expect(run.code).toBe(2);
			expect(run.stderr).toMatch(/^arbor: --fork and --(continue|session|no-session) choose the session two ways: use one\n$/);
		}
	});
});
