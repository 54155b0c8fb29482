import { describe, expect, it } from "vitest";
import { copyTreeFixture, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

const fx = useArborRun<ArborTerminal>();

describe("keys typed as soon as the first frame shows (virtual terminal)", () => {
	// A real terminal in cooked mode takes Ctrl+D as end-of-file and Ctrl+C as SIGINT, and echoes
	// what is typed: once the prompt is on screen, raw mode must already be on. It used to be
	// turned on in an effect after the first frame (a tmux run's Ctrl+D was lost that way).
	it("the terminal is in raw mode before the first frame is written", async () => {
		const place = tempPlace("raw-first");
		fx.dir = place.dir;
		const t = (fx.tmux = startArbor({ args: ["--session", copyTreeFixture(place.dir)], cwd: place.dir, home: place.home }));
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		expect(t.terminal.rawAtFirstText).toBe(true);
	});
});
