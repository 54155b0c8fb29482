import { afterEach, describe, expect, it } from "vitest";
import { copyTreeFixture, startArbor, tempPlace } from "../helpers/arbor-tmux.js";
import type { TmuxSession } from "../helpers/tmux.js";

let t: TmuxSession | undefined;
afterEach(() => {
	t?.kill();
	t = undefined;
});

describe("print-mode options in a terminal without -p", () => {
	it.each([
		[["--at", "abc", "hello"], "--at"],
		[["--summarize", "hello"], "--summarize"],
		[["--label", "x", "hello"], "--label"],
		[["--output-format", "json", "hello"], "--output-format"],
	])("arbor %j is refused with exit 2 instead of ignored", async (args, flag) => {
		const { dir, home } = tempPlace("iflags");
		t = startArbor({ args, cwd: dir, home });
		const screen = await t.waitForScreen((s) => s.includes("[exit "), "exit");
		expect(screen).toContain(`arbor: ${flag} is a print-mode option: add -p\n[exit 2]`);
	});
});

describe("no model configured, interactive", () => {
	it("sending names the model the session recorded", async () => {
		const { dir, home } = tempPlace("nomodel");
		const file = copyTreeFixture(dir);
		t = startArbor({ args: ["-s", file], cwd: dir, home });
		await t.waitForScreen((s) => s.includes("›"), "editor");
		t.type("hello");
		await t.waitForScreen((s) => s.includes("› hello"), "typed");
		t.send("Enter");
		const screen = await t.waitForScreen((s) => s.includes("this session used"), "the hint");
		expect(screen.replace(/\s+/g, " ")).toContain("no model configured: this session used ollama:llama3.2; run with -m ollama:llama3.2 (or set ARBOR_MODEL)");
	});
});
