import { afterEach, describe, expect, it } from "vitest";
import { startArbor, tempPlace } from "../helpers/arbor-tmux.js";
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
