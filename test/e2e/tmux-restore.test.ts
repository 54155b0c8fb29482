import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtCli } from "../helpers/arbor-tmux.js";
import { model } from "../helpers/print-run.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { shellQuote, startTmux, type TmuxSession } from "../helpers/tmux.js";
import { files } from "../checkpoints/helpers.js";
import { useProjectCli } from "../checkpoints/cli-run.js";

const fx = useProjectCli();
const hasTmux = spawnSync("tmux", ["-V"]).status === 0;
let tmux: TmuxSession | undefined;
afterEach(() => {
	tmux?.kill();
	tmux = undefined;
});

describe.skipIf(!hasTmux)("restores from the chat in a true terminal (tmux, issue 37)", () => {
	for (const [cols, rows] of [[80, 24], [120, 40]] as const) {
		it(`at ${cols}×${rows}: /tree to the reply before the first edit restores the files; a file made by hand is listed apart and kept`, async () => {
			const write = (name: string, text: string) => fs.writeFileSync(path.join(fx.cwd, name), text);
			write("a.txt", "zero\n");
			await fx.serve([textReply("Hello."), toolCallReply([{ id: "c1", name: "bash", args: { command: "echo one > a.txt && echo new > b.txt" } }]), textReply("Changed.")]);
			expect((await fx.print(["--tools", "bash", "hi"])).code).toBe(0);
			expect((await fx.print(["-c", "--tools", "bash", "change"])).code).toBe(0);
			write("user.txt", "mine\n");
			const command = `env -u ARBOR_MODEL -u ARBOR_BASE_URL node ${[builtCli(), "-c", ...model(fx.server!.url)].map(shellQuote).join(" ")}`;
			const t = startTmux({ command, cwd: fx.cwd, cols, rows, env: { ARBOR_HOME: fx.home, NO_COLOR: "1" } });
			tmux = t;
			await t.waitForScreen((s) => s.includes("Changed.") && s.includes("leaf "), "the session resumed");
			t.send("Escape", "Escape");
			await t.waitForScreen((s) => s.includes("← active"), "tree");
			t.send("-l", "Hello.");
			await t.waitForScreen((s) => /› .*Hello\./.test(s), "search selects Hello.");
			t.send("Enter");
			await t.waitForScreen((s) => s.includes("Summarize the branch you're leaving?"), "summary question");
			t.send("Enter");
			const asked = await t.waitForScreen((s) => s.includes("Restore files to this point?"), "restore question");
			// The agent's changes, then the user's own file apart from them.
			expect(asked).toMatch(/M a\.txt[\s\S]*D b\.txt[\s\S]*user\.txt/);
			t.send("Enter");
			await t.waitForScreen((s) => /restored 2 files/.test(s), "restored");
			expect(files(fx.cwd)).toEqual({ "a.txt": "zero\n", "user.txt": "mine\n" });
			t.send("C-d");
			await t.waitForScreen((s) => s.includes("[exit 0]"), "quit");
		}, 90_000);
	}
});
