import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { useProjectCli } from "../checkpoints/cli-run.js";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useProjectCli();

const cli = fx.cli;
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every folder and file under `dir`, with its permission bits. */
function modesUnder(dir: string): [string, number][] {
	return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((rel) => [rel, modeOf(path.join(dir, rel))]);
}

describe("checkpoints keep the project's files private", () => {
	it("$ARBOR_HOME (made 0755 before) and the store are 0700, nothing in the store is readable by others, and a restore gives each file its own mode", async () => {
		expect(modeOf(fx.at.home)).toBe(0o755 & ~process.umask());
		const put = (name: string, text: string, mode: number) => {
			fs.writeFileSync(path.join(fx.at.cwd, name), text);
			fs.chmodSync(path.join(fx.at.cwd, name), mode);
		};
		put(".env", "TOKEN=one\n", 0o600);
		put("run.sh", "echo one\n", 0o700);
		put("gone.txt", "bye\n", 0o640);
		put("plain.txt", "plain\n", 0o644);
		const command = "echo TOKEN=two > .env; echo 'echo two' > run.sh; rm gone.txt; echo changed > plain.txt";
		fx.server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command } }]), textReply("Done.")]);
		const run = await cli(["-p", ...model(fx.server!.url), "--tools", "bash", "change them"]);
		expect([run.code, run.stderr]).toEqual([0, ""]);

		const store = path.join(fx.at.home, "checkpoints");
		expect([modeOf(fx.at.home), modeOf(store)]).toEqual([0o700, 0o700]);
		const [storeDir] = fs.readdirSync(store);
		expect(modeOf(path.join(store, storeDir!))).toBe(0o700);
		expect(modesUnder(store).filter(([, mode]) => (mode & 0o077) !== 0)).toEqual([]);

		const [file] = sessionFiles(fx.at.home);
		const first = entries(file!).find((e) => e.type === "custom" && e.customType === "arbor.checkpoint");
		expect((await cli(["restore", file!, first.id])).code).toBe(0);
		expect(fs.readFileSync(path.join(fx.at.cwd, ".env"), "utf8")).toBe("TOKEN=one\n");
		const restored = Object.fromEntries([".env", "run.sh", "gone.txt", "plain.txt"].map((name) => [name, modeOf(path.join(fx.at.cwd, name)).toString(8)]));
		expect(restored).toEqual({ ".env": "600", "run.sh": "700", "gone.txt": "640", "plain.txt": "644" });
	});
});
