import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

function write(file: string, text: string): string {
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, text);
	return file;
}

/** An extension that logs its events to `log` and has the command `/<command>`, which says `text`. */
function extension(log: string, version: string, command: string): string {
	return `import { appendFileSync } from "node:fs";
const log = (line: string) => appendFileSync(${JSON.stringify(log)}, line + "\\n");
export default function (arbor: any) {
	arbor.on("session_start", (event: any) => log("${version} start " + event.reason));
	arbor.on("session_shutdown", () => log("${version} shutdown"));
	arbor.registerCommand("${command}", { description: "say ${version}", handler: (_args: string, ctx: any) => ctx.ui.notify("hello ${version}") });
}
`;
}

describe("/reload: keybindings.json and the extensions too (pi's /reload)", () => {
	it("an edited extension is loaded afresh (shutdown to the old one, start with reason reload to the new), its commands replace the old ones; a new key binding works", async () => {
		({ dir: fx.dir } = tempPlace("reload"));
		const home = join(fx.dir, "home");
		const log = join(fx.dir, "events.log");
		const file = write(join(fx.dir, ".arbor", "extensions", "greet.ts"), extension(log, "v1", "greet"));
		fx.server = await startSseServer([]);
		const t = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home, cols: 80, rows: 24 });
		fx.tmux = t;
		await t.waitForScreen((s) => s.includes("tokens · empty"), "status line");
		await submitLine(t, "/greet");
		await t.waitForScreen((s) => s.includes("hello v1"), "the first version's command");
		// Ctrl+Y is bound to nothing yet: the draft stays.
		t.type("draft");
		t.send("C-y");
		write(file, extension(log, "v2", "wave"));
		write(join(home, "keybindings.json"), JSON.stringify({ "prompt.clear": ["ctrl+c", "ctrl+y"] }));
		t.send("C-u");
		await submitLine(t, "/reload");
		await t.waitForScreen((s) => s.includes("Reloaded: 1 extension"), "reloaded");
		expect(readFileSync(log, "utf8")).toBe("v1 start startup\nv1 shutdown\nv2 start reload\n");
		await submitLine(t, "/wave");
		await t.waitForScreen((s) => s.includes("hello v2"), "the new version's command");
		// The old command went with the old version: it stays in the editor as unknown.
		await submitLine(t, "/greet");
		await t.waitForScreen((s) => s.includes("Unknown command /greet"), "the old command is gone");
		t.send("C-y");
		await t.waitForScreen((s) => !s.includes("› /greet"), "Ctrl+Y now clears the editor");
		await quit(t);
		expect(readFileSync(log, "utf8")).toBe("v1 start startup\nv1 shutdown\nv2 start reload\nv2 shutdown\n");
	}, 60_000);

	it("a broken keybindings.json is reported and nothing is reloaded: the old extension keeps running", async () => {
		({ dir: fx.dir } = tempPlace("reload"));
		const home = join(fx.dir, "home");
		const log = join(fx.dir, "events.log");
		const file = write(join(fx.dir, ".arbor", "extensions", "greet.ts"), extension(log, "v1", "greet"));
		fx.server = await startSseServer([]);
		const t = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home, cols: 80, rows: 24 });
		fx.tmux = t;
		await t.waitForScreen((s) => s.includes("tokens · empty"), "status line");
		write(file, extension(log, "v2", "wave"));
		write(join(home, "keybindings.json"), "{ broken");
		await submitLine(t, "/reload");
		await t.waitForScreen((s) => s.replace(/\n/g, " ").includes(`Not reloaded: ${join(home, "keybindings.json")}: invalid JSON`), "the error names the file");
		await submitLine(t, "/greet");
		await t.waitForScreen((s) => s.includes("hello v1"), "the first version still runs");
		expect(readFileSync(log, "utf8")).toBe("v1 start startup\n");
		await quit(t);
	}, 60_000);
});
