import { afterEach, describe, expect, it, vi } from "vitest";
import { copyTreeFixture, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

const fx = useArborRun<ArborTerminal>();
afterEach(() => void vi.restoreAllMocks());

describe("Ctrl+C that no screen takes (virtual terminal: arbor runs in the test's own process)", () => {
	it("ends this app, and sends no signal to the process it runs in (a test worker, an embedder)", async () => {
		// Signals to other processes (tool process groups) go through; any to this process is recorded only.
		const kill = process.kill.bind(process);
		const own: unknown[] = [];
		vi.spyOn(process, "kill").mockImplementation((pid, signal) => (pid === process.pid ? (own.push(signal), true) : kill(pid, signal)));
		const place = tempPlace("ctrl-c");
		fx.dir = place.dir;
		const t = (fx.tmux = startArbor({ args: ["--session", copyTreeFixture(place.dir)], cwd: place.dir, home: place.home }));
		await t.waitForScreen((s) => s.includes("leaf "), "status line");
		// One read: on the empty editor the first two quit; the others arrive while the app quits,
		// when no screen takes keys (a cooked-mode terminal would send SIGINT for them).
		t.write("\u0003".repeat(4));
		const code = await t.exited;
		expect(own).toEqual([]);
		expect([0, 130]).toContain(code);
	});
});
