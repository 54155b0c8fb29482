import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sentMessages } from "../helpers/print-run.js";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, startRpc } from "./helpers.js";

afterEach(cleanUp);

describe("arbor --mode rpc with prompt templates and skills (pi's RpcClient)", () => {
	it("lists them in get_commands as pi does, and a prompt starting with one is sent expanded", async () => {
		let skill = "";
		const rpc = await startRpc([textReply("reviewed"), textReply("used the skill")], [], {
			before: ({ cwd, home }) => {
				mkdirSync(join(home, "prompts"));
				writeFileSync(join(home, "prompts", "review.md"), "---\ndescription: Review a file\n---\nReview $1 carefully.\n");
				mkdirSync(join(cwd, ".arbor", "skills", "deploy"), { recursive: true });
				skill = join(cwd, ".arbor", "skills", "deploy", "SKILL.md");
				writeFileSync(skill, "---\ndescription: Deploy the site.\n---\nRun make deploy\n");
			},
		});
		expect(await rpc.client.getCommands()).toEqual([
			{ name: "review", description: "Review a file", source: "prompt", path: join(rpc.home, "prompts", "review.md"), sourceInfo: { path: join(rpc.home, "prompts", "review.md"), source: "local", scope: "user", origin: "top-level" } },
			{ name: "skill:deploy", description: "Deploy the site.", source: "skill", path: skill, sourceInfo: { path: skill, source: "local", scope: "project", origin: "top-level" } },
		]);
		await rpc.client.promptAndWait("/review src/a.ts", undefined, 20_000);
		expect(sentMessages(rpc.server.requests[0]!.body).at(-1).content).toBe("Review src/a.ts carefully.");
		expect(rpc.server.requests[0]!.body.messages[0].content).toContain(`<location>${skill}</location>`);
		await rpc.client.promptAndWait("/skill:deploy now", undefined, 20_000);
		expect(sentMessages(rpc.server.requests[1]!.body).at(-1).content).toBe(`<skill name="deploy" location="${skill}">\nReferences are relative to ${join(rpc.cwd, ".arbor", "skills", "deploy")}.\n\nRun make deploy\n</skill>\n\nnow`);
		expect(await rpc.client.getLastAssistantText()).toBe("used the skill");
	});
});
