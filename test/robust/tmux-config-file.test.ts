import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyTreeFixture, startArbor, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";

const fx = useArborRun();

describe("$ARBOR_HOME/keybindings.json that is not a regular file (tmux)", () => {
	it("a FIFO: the chat does not hang on it; one arbor: line naming the file, exit 2", async () => {
		const place = tempPlace("keys-fifo");
		fx.dir = place.dir;
		mkdirSync(place.home, { recursive: true });
		const file = join(place.home, "keybindings.json");
		execFileSync("mkfifo", [file]);
		fx.tmux = startArbor({ args: ["--session", copyTreeFixture(place.dir)], cwd: place.dir, home: place.home });
		const screen = await fx.tmux.waitForScreen((s) => s.includes("[exit 2]"), "exit 2", 20_000);
		expect(screen.replace(/\n/g, "")).toContain(`arbor: ${file}: not a regular file (a FIFO); arbor reads its configuration only from regular files`);
	});
});
