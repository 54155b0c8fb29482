import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { useProjectCli } from "../checkpoints/cli-run.js";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useProjectCli();

const TURNS = 3;

/** Each prompt names a file; the model writes it with bash, then answers. */
function writer(body: { messages: { role: string; content: unknown }[] }) {
	const last = body.messages.at(-1);
	if (last?.role === "tool") return textReply("Written.");
	const name = JSON.stringify(last?.content).match(/file-[a-z0-9-]+/)?.[0] ?? "file-x";
	return toolCallReply([{ id: "c1", name: "bash", args: { command: `echo 1 > ${name}; for d in d*; do echo ${name} >> $d/f0.txt; done` } }]);
}

/** `TURNS` print runs one after another (each its own session), named by `who`. */
async function chain(url: string, who: string): Promise<string[]> {
	const errors: string[] = [];
	for (let n = 0; n < TURNS; n++) {
		const run = await runCli(["-p", ...model(url), "--tools", "bash", `write file-${who}-${n}`], { cwd: fx.at.cwd, env: { ARBOR_HOME: fx.at.home } });
		if (run.code !== 0 || run.stderr !== "") errors.push(`${who} ${n}: exit ${run.code}: ${run.stderr}`);
	}
	return errors;
}

describe("two arbor processes in one project: the checkpoint store is taken in turn", () => {
	it("two chains of print runs at once: every turn has its before and after checkpoints", async () => {
		// Enough files that a snapshot takes a while: the two processes' snapshots overlap.
		for (let d = 0; d < 40; d++) {
			fs.mkdirSync(path.join(fx.at.cwd, `d${d}`));
			for (let f = 0; f < 100; f++) fs.writeFileSync(path.join(fx.at.cwd, `d${d}`, `f${f}.txt`), `${d} ${f}\n`);
		}
		fx.server = await startSseServer(writer);
		const errors = (await Promise.all([chain(fx.server!.url, "a"), chain(fx.server!.url, "b")])).flat();
		expect(errors).toEqual([]);
		const files = sessionFiles(fx.at.home);
		expect(files).toHaveLength(2 * TURNS);
		const reasons = files.map((file) => entries(file).filter((e) => e.customType === "arbor.checkpoint").map((e) => e.data.reason));
		// The prompt's snapshot, then the turn's; the other chain's write may fall between the prompt's and the tool's snapshots.
		expect(reasons.map((r) => r.filter((reason) => reason !== "before-change"))).toEqual(files.map(() => ["before-prompt", "after-turn"]));
	});
});
