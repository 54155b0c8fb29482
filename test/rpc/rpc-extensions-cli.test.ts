import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { cleanUp, startRpc } from "./helpers.js";

afterEach(cleanUp);

/** A command that notifies, one that appends a custom entry; a turn_end handler that throws. */
const EXTENSION = `
import type { ExtensionAPI } from "arbor/extensions";
export default function (arbor: ExtensionAPI) {
	arbor.registerCommand("hello", {
		description: "say hello",
		handler: async (args, ctx) => ctx.ui.notify("hello " + args + " from " + ctx.mode),
	});
	arbor.registerCommand("mark", {
		description: "append a marker",
		handler: async () => arbor.appendEntry("marker", { n: 1 }),
	});
	arbor.on("turn_end", () => {
		throw new Error("boom at turn_end");
	});
}
`;

describe("arbor --mode rpc with extensions (pi's RpcClient)", () => {
	it("lists extension commands, runs /name through prompt, reports notices and handler errors as pi's events", async () => {
		const rpc = await startRpc([textReply("answer")], [], {
			extensions: (cwd) => {
				mkdirSync(join(cwd, ".arbor/extensions"), { recursive: true });
				writeFileSync(join(cwd, ".arbor/extensions/hello.ts"), EXTENSION);
			},
		});
		// pi 1.6's sourceInfo: the project's extension.
		const sourceInfo = { path: join(rpc.cwd, ".arbor/extensions/hello.ts"), source: "local", scope: "project", origin: "top-level" };
		expect(await rpc.client.getCommands()).toEqual([
			{ name: "hello", description: "say hello", source: "extension", sourceInfo },
			{ name: "mark", description: "append a marker", source: "extension", sourceInfo },
		]);
		// pi 1.6: a prompt an extension command took answers "handled"; the entry it appended is an event.
		expect(await rpc.send({ type: "prompt", message: "/mark" })).toMatchObject({ success: true, data: { disposition: "handled" } });
		const appended = await waitFor(() => rpc.events.find((e) => e.type === "entry_appended"), { what: "entry_appended" });
		expect(appended.entry).toMatchObject({ type: "custom", customType: "marker", data: { n: 1 } });
		expect((await rpc.send({ type: "get_entries" })).data.entries.at(-1)).toEqual(appended.entry);
		await rpc.client.prompt("/hello world");
		const notice = await waitFor(() => rpc.events.find((e) => e.type === "extension_ui_request" && e.method === "notify"), { what: "the notice" });
		expect(notice.message).toBe("hello world from print");
		expect(rpc.server.requests).toHaveLength(0);
		await rpc.client.promptAndWait("question", undefined, 20_000);
		const error = await waitFor(() => rpc.events.find((e) => e.type === "extension_error"), { what: "extension_error" });
		expect(error.error).toContain("boom at turn_end");
		expect(await rpc.client.getLastAssistantText()).toBe("answer");
	});
});
