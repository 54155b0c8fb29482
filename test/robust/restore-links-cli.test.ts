import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { checkpointEntries, useProjectCli } from "../checkpoints/cli-run.js";
import { model, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { files } from "../checkpoints/helpers.js";

const fx = useProjectCli();

const cli = fx.cli;
const checkpoints = checkpointEntries;

describe("a restore never writes outside the cwd (links resolved first)", () => {
	it("a folder replaced by an ignored link to outside the project: the restore leaves outside alone and names the paths", async () => {
		const outside = path.join(path.dirname(fx.at.cwd), "outside");
		fs.mkdirSync(outside);
		fs.writeFileSync(path.join(outside, "victim"), "outside's own\n");
		fs.mkdirSync(path.join(fx.at.cwd, "data"));
		fs.writeFileSync(path.join(fx.at.cwd, "data", "victim"), "project v1\n");
		fs.writeFileSync(path.join(fx.at.cwd, "data", "fresh"), "project only\n");
		fs.writeFileSync(path.join(fx.at.cwd, ".gitignore"), "/link-me\n");
		// The turn turns data/ into an ignored link to the folder outside.
		const command = `rm -r data && ln -s ${outside} data && echo /data > .gitignore`;
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command } }]), textReply("Done.")]);
		const run = await cli(["-p", ...model(fx.server!.url), "--tools", "bash", "link it"]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const [file] = sessionFiles(fx.at.home);
		const [before] = checkpoints(file!);
		const restored = await cli(["restore", file!, before!.id, "--json"]);
		expect(files(outside)).toEqual({ victim: "outside's own\n" });
		expect(restored.code).toBe(0);
		const done = JSON.parse(restored.stdout) as { outside: string[]; changes: { path: string }[] };
		expect(done.outside.sort()).toEqual(["data/fresh", "data/victim"]);
		expect(done.changes.map((c) => c.path)).toEqual([".gitignore"]);
		expect(fs.readFileSync(path.join(fx.at.cwd, ".gitignore"), "utf8")).toBe("/link-me\n");
	});
});
