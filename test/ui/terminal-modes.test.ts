import { afterEach, describe, expect, it } from "vitest";
import {
	activeTerminalModes, enableTerminalModes, KITTY_POP, KITTY_PUSH, kittyExpected, kittyKeyboardOption, MODES_OFF, MODES_ON,
} from "../../source/ui/terminal/modes.js";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe("terminal modes", () => {
	it("turns bracketed paste on, and off exactly once, also from the process exit event", () => {
		const out: string[] = [];
		const listenersBefore = process.listenerCount("exit");
		const modes = enableTerminalModes({ write: (t) => out.push(t) });
		restore = modes.restore;
		expect(out).toEqual([MODES_ON]);
		expect(MODES_ON).toContain("\u001b[?2004h");
		expect(process.listenerCount("exit")).toBe(listenersBefore + 1);
		expect(activeTerminalModes()).toBe(modes);
		// What a crash does: the exit event runs the restore.
		process.listeners("exit").at(-1)!.call(process, 1);
		modes.restore();
		expect(out).toEqual([MODES_ON, MODES_OFF]);
		expect(MODES_OFF).toContain("\u001b[?2004l");
		expect(process.listenerCount("exit")).toBe(listenersBefore);
		expect(activeTerminalModes()).toBeUndefined();
	});

	it("suspends for an external editor and resumes; a closed terminal does not throw", () => {
		const out: string[] = [];
		const modes = enableTerminalModes({ write: (t) => out.push(t) });
		restore = modes.restore;
		modes.suspend();
		modes.resume();
		expect(out).toEqual([MODES_ON, MODES_OFF, MODES_ON]);
		const broken = enableTerminalModes({
			write: () => {
				throw new Error("EIO");
			},
		});
		expect(() => broken.restore()).not.toThrow();
	});

	it("asks for the kitty keyboard protocol: auto-detected, directly in foot and iTerm2", () => {
		expect(kittyKeyboardOption({ TERM: "xterm-256color" })).toEqual({ mode: "auto", flags: ["disambiguateEscapeCodes"] });
		expect(kittyKeyboardOption({ TERM: "foot" }).mode).toBe("enabled");
		expect(kittyKeyboardOption({ TERM_PROGRAM: "iTerm.app" }).mode).toBe("enabled");
	});

	it("pops the kitty flags for an external editor and pushes them back, only where Ink pushed them", () => {
		const out: string[] = [];
		const modes = enableTerminalModes({ write: (t) => out.push(t) }, { kitty: true });
		restore = modes.restore;
		modes.suspend();
		modes.resume();
		expect(out).toEqual([MODES_ON, MODES_OFF + KITTY_POP, MODES_ON + KITTY_PUSH]);
		expect(kittyExpected({ TERM: "xterm-kitty" })).toBe(true);
		expect(kittyExpected({ TERM: "xterm-kitty", TMUX: "/tmp/tmux-0/default,1,0" })).toBe(false);
		expect(kittyExpected({ TERM: "xterm-256color" })).toBe(false);
	});
});
