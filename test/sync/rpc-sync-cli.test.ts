import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, startRpc } from "../rpc/helpers.js";

afterEach(cleanUp);

describe("RPC sync", () => {
	it("pushes the open session to the project's remote and answers the report; a remote the repository lacks is the command's error", async () => {
		const remote = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-rpc-remote-"));
		execFileSync("git", ["init", "-q", "--bare", remote]);
		const rpc = await startRpc([textReply("Hello there.")], [], {
			before: ({ cwd }) => {
				execFileSync("git", ["init", "-q", cwd]);
				execFileSync("git", ["remote", "add", "origin", remote], { cwd });
			},
		});
		await rpc.client.promptAndWait("hi");
		const wrong = await rpc.send({ type: "sync", remote: "nope" });
		expect([wrong.success, wrong.error]).toEqual([false, expect.stringMatching(/^no such remote: nope/)]);
		const done = await rpc.send({ type: "sync" });
		expect(done.success).toBe(true);
		// One entry more than before the per-prompt checkpoint (docs/checkpoints.md).
		expect(done.data).toMatchObject({ remote: "origin", dryRun: false, sent: 4, received: 0 });
		const id = done.data.sessions[0].id as string;
		expect(execFileSync("git", ["--git-dir", remote, "for-each-ref", "--format=%(refname)"]).toString().trim()).toBe(`refs/arbor/sessions/${id}`);
		const again = await rpc.send({ type: "sync", dryRun: true });
		expect(again.data).toMatchObject({ dryRun: true, sent: 0, received: 0, sessions: [] });
		fs.rmSync(remote, { recursive: true, force: true });
	});
});
