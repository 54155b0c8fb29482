import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, place, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";

let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe("extensions label entries and name the session (pi's setLabel, setSessionName)", () => {
	it("at turn_end: the reply is labelled and the session named, after the turn's own entries; a bad call is one warning and writes nothing", async () => {
		server = await startSseServer([textReply("Paris")]);
		const { cwd, home } = place();
		const file = write(
			join(cwd, ".arbor", "extensions", "mark.ts"),
			`export default (arbor: any) => arbor.on("turn_end", (e: any) => {
	const reply = e.entries.find((x: any) => x.message?.role === "assistant");
	arbor.setLabel(reply.id, "answered");
	arbor.setSessionName("Q: " + e.prompt);
	arbor.setLabel("no-such-entry", "x");
	arbor.setSessionName("   ");
});\n`,
		);
		const run = await runCli(["-p", ...model(server.url), "capital of France?"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "Paris\n" });
		expect(run.stderr).toBe(
			`arbor: warning: extension ${file}: setLabel: entryId: no entry "no-such-entry" in this session; nothing written\n` +
				`arbor: warning: extension ${file}: setSessionName: name: expected non-empty text, received string; nothing written\n`,
		);
		const lines = entries(sessionFiles(home)[0]!);
		const reply = lines.find((e) => e.message?.role === "assistant");
		expect(lines.slice(-2)).toMatchObject([
			{ type: "label", targetId: reply.id, label: "answered" },
			{ type: "session_info", name: "Q: capital of France?" },
		]);
		const listed = await runCli(["sessions", "--json"], { cwd, env: { ARBOR_HOME: home } });
		expect(JSON.parse(listed.stdout)[0]).toMatchObject({ name: "Q: capital of France?" });
	});
});
