import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replay } from "../../source/ui/chat/replay.js";
import { quit, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { generatedSession } from "../helpers/generated-session.js";

const fx = useArborRun<ArborTerminal>();

describe("a long session in the virtual terminal", () => {
	it("prints only the last screens of the transcript, behind one line counting the earlier messages", async () => {
		({ dir: fx.dir } = tempPlace("long"));
		const { file, view } = generatedSession("linear", 3000);
		const total = replay(view.getPath(view.leafId)).length;
		const leaf = view.leafId!;

		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes(`leaf ${leaf.slice(0, 8)}`), "status line");
		const all = await fx.tmux.terminal.scrollback();
		const notice = /… ([\d,]+) earlier messages not shown · \/tree browses them/.exec(all);
		expect(notice).not.toBeNull();
		const hidden = Number(notice![1]!.replace(/,/g, ""));
		expect(hidden).toBeGreaterThan(total - 200);
		expect(hidden).toBeLessThan(total);
		// Three screens of 40 rows, plus the editor and status line: nothing older was printed.
		const printed = all.slice(all.indexOf(notice![0])).split("\n").length;
		expect(printed).toBeLessThanOrEqual(3 * 40 + 10);
		await quit(fx.tmux);
	}, 60_000);
});
