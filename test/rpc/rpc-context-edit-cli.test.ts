import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, startRpc } from "./helpers.js";

afterEach(cleanUp);

/** `/redact <id>`: the entry's message replaced in the context; `/bad`: a target that does not exist. */
const EXTENSION = `
export default function (arbor) {
	arbor.registerCommand("redact", { description: "replace a message in the context", handler: async (args) => arbor.appendContextEdit(args.trim(), { content: "REDACTED" }) });
	arbor.registerCommand("bad", { description: "edit nothing", handler: async () => arbor.appendContextEdit("no-such-entry", null) });
}
`;

const sentText = (body: any): string => JSON.stringify(body.messages);

describe("context edits from an RPC client and from an extension (pi 1.6's context_edit)", () => {
	it("RPC context_edit leaves a message out; an extension's appendContextEdit replaces one; a bad target is one warning", async () => {
		const rpc = await startRpc([textReply("noted one"), textReply("noted two"), textReply("noted three")], [], {
			extensions: (cwd) => {
				mkdirSync(join(cwd, ".arbor/extensions"), { recursive: true });
				writeFileSync(join(cwd, ".arbor/extensions/edits.js"), EXTENSION);
			},
		});
		await rpc.client.promptAndWait("my key is ALPHA-SECRET", undefined, 20_000);
		const entries = async () => (await rpc.send({ type: "get_entries" })).data.entries as any[];
		const userId = (text: string) => entries().then((all) => all.find((e) => e.type === "message" && JSON.stringify(e.message.content).includes(text))!.id as string);
		const edit = await rpc.send({ type: "context_edit", entryId: await userId("ALPHA-SECRET") });
		expect(edit).toMatchObject({ success: true, data: { entry: { type: "context_edit", replacement: null } } });
		await rpc.client.promptAndWait("second BRAVO-WORD", undefined, 20_000);
		expect(sentText(rpc.server.requests[1]!.body)).not.toContain("ALPHA-SECRET");
		expect(sentText(rpc.server.requests[1]!.body)).toContain("noted one");
		expect(await rpc.send({ type: "prompt", message: `/redact ${await userId("BRAVO-WORD")}` })).toMatchObject({ success: true, data: { disposition: "handled" } });
		expect(await rpc.send({ type: "prompt", message: "/bad" })).toMatchObject({ success: true });
		await rpc.client.promptAndWait("third CHARLIE", undefined, 20_000);
		const third = sentText(rpc.server.requests[2]!.body);
		expect(third).not.toContain("BRAVO-WORD");
		expect(third).toContain("REDACTED");
		expect(third).not.toContain("ALPHA-SECRET");
		// The file keeps both messages.
		expect(JSON.stringify(await entries())).toContain("ALPHA-SECRET");
		expect(rpc.events.some((e) => e.type === "extension_error" && /appendContextEdit: .*no-such-entry/.test(e.error))).toBe(true);
		// Refused for an entry that is not in the session.
		expect(await rpc.send({ type: "context_edit", entryId: "zzzzzzzz" })).toMatchObject({ success: false });
	});
});
