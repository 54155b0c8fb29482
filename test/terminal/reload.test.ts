import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, useArborRun } from "../helpers/arbor-tmux.js";
import type { ArborTerminal } from "../helpers/arbor-terminal.js";
import { startChat } from "../helpers/chat-run.js";
import { write } from "../helpers/write-file.js";
import { trustProject } from "../../source/config/trust.js";

const fx = useArborRun<ArborTerminal>();

/** An extension that logs its events to events.log in the project and has the command `/<command>`, which says `hello <version>`. */
function extension(version: string, command: string): string {
	return `import { appendFileSync } from "node:fs";
const log = (ctx: any, line: string) => appendFileSync(ctx.cwd + "/events.log", line + "\\n");
export default function (arbor: any) {
	arbor.on("session_start", (event: any, ctx: any) => log(ctx, "${version} start " + event.reason));
	arbor.on("session_shutdown", (_event: any, ctx: any) => log(ctx, "${version} shutdown"));
	arbor.registerCommand("${command}", { description: "say ${version}", handler: (_args: string, ctx: any) => ctx.ui.notify("hello ${version}") });
}
`;
}

/** The chat in a project whose extension is greet v1 (its events logged to events.log). */
async function startedWithGreet() {
	const chat = await startChat(fx, { prefix: "reload", files: { ".arbor/extensions/greet.ts": extension("v1", "greet") } });
	return { ...chat, log: join(chat.dir, "events.log"), file: join(chat.dir, ".arbor", "extensions", "greet.ts") };
}

describe("/reload: keybindings.json and the extensions too (pi's /reload)", () => {
	it("an edited extension is loaded afresh (shutdown to the old one, start with reason reload to the new), its commands replace the old ones; a new key binding works", async () => {
		const { t, dir, home, log, file } = await startedWithGreet();
		await submitLine(t, "/greet");
		await t.waitForScreen((s) => s.includes("hello v1"), "the first version's command");
		// Ctrl+Y is bound to nothing yet: the draft stays.
		t.type("draft");
		t.send("C-y");
		write(file, extension("v2", "wave"));
		// The changed .arbor/ is trusted again, as `arbor trust` (e.g. `!arbor trust`) does: /reload never trusts by itself.
		trustProject({ cwd: dir, home });
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
		const { t, home, log, file } = await startedWithGreet();
		write(file, extension("v2", "wave"));
		write(join(home, "keybindings.json"), "{ broken");
		await submitLine(t, "/reload");
		await t.waitForScreen((s) => s.replace(/\n/g, " ").includes(`Not reloaded: ${join(home, "keybindings.json")}: invalid JSON`), "the error names the file");
		await submitLine(t, "/greet");
		await t.waitForScreen((s) => s.includes("hello v1"), "the first version still runs");
		expect(readFileSync(log, "utf8")).toBe("v1 start startup\n");
		await quit(t);
	}, 60_000);
});
