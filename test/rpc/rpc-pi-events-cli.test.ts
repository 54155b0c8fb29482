import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { errorReply, textReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { cleanUp, startRpc, tempDir } from "./helpers.js";

afterEach(cleanUp);

/** pi 1.6's run and session events, each written to a log as one JSON line; before_agent_start adds a message. */
const EXTENSION = `
import { appendFileSync } from "node:fs";
export default function (pi) {
	const log = (event, data) => appendFileSync(process.env.EVENTS_LOG, JSON.stringify({ event, ...data }) + "\\n");
	pi.on("before_agent_start", (e) => {
		log("before_agent_start", { prompt: e.prompt, messageType: e.messageType, hasSystem: typeof e.systemPrompt === "string" });
		return { message: { customType: "note", content: "NOTE FOR " + e.prompt, display: false } };
	});
	pi.on("agent_end", (e) => log("agent_end", { roles: e.messages.map((m) => m.role) }));
	pi.on("agent_settled", (e) => log("agent_settled", e));
	pi.on("session_info_changed", (e) => log("session_info_changed", e));
	pi.on("session_compact_failed", (e) => log("session_compact_failed", e));
}
`;

const lines = (file: string): any[] => {
	try {
		return readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
	} catch {
		return [];
	}
};

describe("pi 1.6's run and session events reach extensions (arbor --mode rpc, pi's RpcClient)", () => {
	it("before_agent_start (its message stored after the prompt and sent), agent_end, agent_settled, session_info_changed, session_compact_failed", async () => {
		const log = join(tempDir(), "events.jsonl");
		const long = (tag: string) => textReply([`${tag} `, "word ".repeat(18_000)]);
		const rpc = await startRpc([long("a1"), long("a2"), errorReply(500, "the summarizer is down")], [], {
			env: { EVENTS_LOG: log },
			extensions: (cwd) => {
				mkdirSync(join(cwd, ".arbor/extensions"), { recursive: true });
				writeFileSync(join(cwd, ".arbor/extensions/events.js"), EXTENSION);
			},
		});
		await rpc.client.promptAndWait("q1", undefined, 20_000);
		await waitFor(() => lines(log).some((l) => l.event === "agent_settled"), { what: "agent_settled" });
		expect(lines(log)).toEqual([
			{ event: "before_agent_start", prompt: "q1", messageType: "user", hasSystem: true },
			{ event: "agent_end", roles: ["user", "custom", "assistant"] },
			{ event: "agent_settled", aborted: false },
		]);
		// The handler's message follows the prompt in the session and in the request.
		const sent = rpc.server.requests[0]!.body.messages.filter((m: any) => m.role === "user").map((m: any) => (typeof m.content === "string" ? m.content : m.content.map((p: any) => p.text).join("")));
		expect(sent).toEqual(["q1", "NOTE FOR q1"]);
		const entries = (await rpc.send({ type: "get_entries" })).data.entries;
		expect(entries.map((e: any) => e.type).filter((t: string) => t !== "thinking_level_change" && t !== "custom")).toEqual(["message", "custom_message", "message"]);
		await rpc.client.promptAndWait("q2", undefined, 20_000);
		await rpc.send({ type: "set_session_name", name: "Parser work" });
		await waitFor(() => lines(log).some((l) => l.event === "session_info_changed"), { what: "session_info_changed" });
		await rpc.send({ type: "compact" });
		const failed = await waitFor(() => lines(log).find((l) => l.event === "session_compact_failed"), { what: "session_compact_failed" });
		expect(failed).toMatchObject({ reason: "manual", aborted: false, willRetry: false, fromExtension: false });
		expect(failed.errorMessage).toContain("the summarizer is down");
		expect(lines(log).find((l) => l.event === "session_info_changed")).toEqual({ event: "session_info_changed", name: "Parser work" });
		expect(rpc.stderr()).not.toContain("not emitted by arbor");
		// The client hears of the name and of a thinking level switch (pi 1.6's events).
		expect(rpc.events.filter((e) => e.type === "session_info_changed")).toEqual([{ type: "session_info_changed", name: "Parser work" }]);
		await rpc.send({ type: "set_thinking_level", level: "high" });
		await waitFor(() => rpc.events.find((e) => e.type === "thinking_level_changed"), { what: "thinking_level_changed" });
		expect(rpc.events.filter((e) => e.type === "thinking_level_changed")).toEqual([{ type: "thinking_level_changed", level: "high" }]);
	});
});
