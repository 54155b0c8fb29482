import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { withStoreLock } from "../../source/checkpoints/store-lock.js";
import { storeDirFor } from "../../source/checkpoints/store.js";
import { entries, sessionFiles } from "../helpers/print-run.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { checkpointEntries, useProjectCli } from "./cli-run.js";
import { files } from "./helpers.js";

const fx = useProjectCli();

/** Holds the project's checkpoint store (as another arbor process would) until `release()`. */
async function holdStore(): Promise<{ release: () => Promise<void> }> {
	let letGo = () => {};
	let held = false;
	const holding = withStoreLock(storeDirFor(fx.home, fx.cwd), () => {
		held = true;
		return new Promise<void>((resolve) => (letGo = resolve));
	});
	await waitFor(() => held, { what: "the store's lock" });
	return { release: () => (letGo(), holding) };
}

describe("the prompt's snapshot does not hold back the model request (built CLI, real git)", () => {
	it("the request goes and the reply streams while the snapshot waits; the write tool waits for it, so the prompt's checkpoint restores the files from before", async () => {
		fs.writeFileSync(path.join(fx.cwd, "a.txt"), "before\n");
		await fx.serve([toolCallReply([{ id: "w1", name: "write", args: { path: "a.txt", content: "after\n" } }], { text: "Writing." }), textReply("Done.")]);
		const store = await holdStore();
		const live = { stdout: "", stderr: "" };
		const run = fx.print(["--tools", "write", "--verbose", "change a.txt"], { live });
		try {
			// The store is busy, so the snapshot cannot be taken yet: the request and its reply come first.
			await waitFor(() => live.stdout.includes("Writing.") && live.stderr.includes("› "), { what: "the reply while the prompt's snapshot waits" });
			expect(fx.server!.requests).toHaveLength(1);
			// The tool has the call but waits for the snapshot: the file is untouched.
			expect(files(fx.cwd)).toEqual({ "a.txt": "before\n" });
		} finally {
			await store.release();
		}
		const done = await run;
		expect([done.code, done.stderr.split("\n").filter((l) => l.startsWith("arbor:"))]).toEqual([0, []]);
		expect(files(fx.cwd)).toEqual({ "a.txt": "after\n" });
		const [file] = sessionFiles(fx.home);
		const prompt = entries(file!).find((e) => e.type === "message" && e.message.role === "user");
		expect(checkpointEntries(file!).map((e) => [e.data.reason, e.parentId === prompt.id])).toEqual([
			["before-prompt", true],
			["after-turn", false],
		]);
		const restored = await fx.cli(["restore", file!, prompt.id]);
		expect([restored.code, restored.stderr]).toEqual([0, ""]);
		expect(files(fx.cwd)).toEqual({ "a.txt": "before\n" });
	});
});
