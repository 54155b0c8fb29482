import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { keyBytes, VirtualTerminal } from "../helpers/virtual-terminal.js";

const fx = useArborRun<ArborTerminal>();

describe("the virtual terminal (xterm.js behind fake TTY streams)", () => {
	it("renders what is written, a line feed returning to column 0 as a tty does", async () => {
		const term = new VirtualTerminal(20, 4);
		term.stdout.write("ab\ncd\u001b[1;5Hx");
		expect(await term.expectScreen((s) => s.startsWith("ab  x\ncd\n"), "ab, cd and x")).toBe("ab  x\ncd\n\n\n");
		term.dispose();
	});

	it("a failed screen assertion prints the whole screen", async () => {
		const term = new VirtualTerminal(20, 3);
		term.stdout.write("first\nsecond\nthird");
		await expect(term.expectScreen((s) => s.includes("fourth"), "fourth")).rejects.toThrow("expected the screen to show fourth\n--- screen ---\nfirst\nsecond\nthird\n");
		await expect(term.waitForScreen((s) => s.includes("fourth"), "fourth", 30)).rejects.toThrow("--- last frame ---\nfirst\nsecond\nthird\n");
		term.dispose();
	});

	it("maps tmux key names to a terminal's bytes", () => {
		expect(["Enter", "Escape", "C-u", "C-c", "BSpace", "Down", "M-Enter", "x"].map(keyBytes)).toEqual(["\r", "\u001b", "\u0015", "\u0003", "\u007f", "\u001b[B", "\u001b\r", "x"]);
	});

	it("resize changes columns and rows and emits resize", () => {
		const term = new VirtualTerminal(120, 40);
		let resized = 0;
		term.stdout.on("resize", () => resized++);
		term.resize(60, 20);
		expect([term.stdout.columns, term.stdout.rows, term.cols, term.rows, resized]).toEqual([60, 20, 60, 20, 1]);
		term.dispose();
	});
});

describe("arbor's interactive mode in the virtual terminal", () => {
	it("turns bracketed paste on; several keys in one write; a paste with a line break does not send", async () => {
		({ dir: fx.dir } = tempPlace("vt"));
		fx.tmux = startArbor({ args: [], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("no model"), "status line");
		expect(fx.tmux.terminal.bracketedPaste()).toBe(true);
		expect(fx.tmux.terminal.stdin.isRaw).toBe(true);
		fx.tmux.write("abc\u007f\u007fxy");
		await fx.tmux.waitForScreen((s) => /^› axy$/m.test(s), "abc, two Backspaces and xy from one read");
		fx.tmux.send("C-u");
		fx.tmux.paste("line one\nline two");
		const pasted = await fx.tmux.waitForScreen((s) => s.includes("line two"), "the paste");
		expect(pasted).toContain("› line one\n  line two\n");
		fx.tmux.send("C-c");
		await fx.tmux.waitForScreen((s) => /^›$/m.test(s), "editor cleared by Ctrl+C");
		await quit(fx.tmux);
		expect(await fx.tmux.exited).toBe(0);
		expect(fx.tmux.terminal.bracketedPaste()).toBe(false);
	});

	it("kill() resolves once the app has ended: a test's app never overlaps the next test's (cwd, environment and signals are the process's)", async () => {
		({ dir: fx.dir } = tempPlace("vt-kill"));
		const t = startArbor({ args: [], cwd: fx.dir, home: join(fx.dir, "home") });
		await t.waitForScreen((s) => s.includes("no model"), "status line");
		t.type("/help");
		await t.waitForScreen((s) => s.includes("› /help"), "a command typed");
		let code: number | undefined;
		void t.exited.then((c) => (code = c));
		await t.kill();
		expect(code).toBeDefined();
	});
});

describe("one app's Ctrl+C in the test process", () => {
	// Ctrl+C while no screen takes keys (here: quitting) does what a real terminal would do: it ends
	// that app as SIGINT would (130, unless /quit finished first). In the test process it must not be
	// a real SIGINT: the next test's app, or the vitest worker itself once no listener is left, got it.
	it("ends only that app and sends no signal to the process", async () => {
		const signals: string[] = [];
		const spy = () => signals.push("SIGINT");
		process.on("SIGINT", spy);
		try {
			const place = tempPlace("vt-interrupt");
			fx.dir = place.dir;
			fx.tmux = startArbor({ args: ["--no-session"], cwd: place.dir, home: place.home });
			await fx.tmux.waitForScreen((s) => s.includes("›"), "the editor");
			fx.tmux.write("/quit\r\u0003\u0003");
			expect([0, 130]).toContain(await fx.tmux.exited);
			// A signal sent to the process is delivered on a later turn of the event loop.
			await new Promise((resolve) => setImmediate(resolve));
			expect(signals).toEqual([]);
		} finally {
			process.off("SIGINT", spy);
		}
	});
});
