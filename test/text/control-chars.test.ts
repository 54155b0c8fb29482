import { describe, expect, it } from "vitest";
import { controlClass, isBidiControl, isControl } from "../../source/text/control-chars.js";
import { oneLineCutClean } from "../../source/text/one-line.js";
import { stripControls, terminalLine, terminalText } from "../../source/text/terminal-text.js";

const controls = (re: RegExp) => Array.from({ length: 0x2100 }, (_, c) => c).filter((c) => re.test(String.fromCharCode(c)));
const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

describe("control characters: one definition", () => {
	it("isControl is C0, DEL, C1 and the bidirectional formatting characters, nothing else", () => {
		expect(range(0, 0x20ff).filter(isControl)).toEqual([...range(0, 0x1f), ...range(0x7f, 0x9f), 0x61c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)]);
		expect(range(0, 0x20ff).filter(isBidiControl)).toEqual([0x61c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)]);
		expect(isControl(0x20)).toBe(false);
		expect(isControl("é".charCodeAt(0))).toBe(false);
	});

	it("controlClass matches exactly what isControl says", () => {
		expect(controlClass()).toBe("[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e-\\u200f\\u202a-\\u202e\\u2066-\\u2069]");
		expect(controls(new RegExp(controlClass()))).toEqual(range(0, 0x20ff).filter(isControl));
	});

	it("spares the characters in except (terminal text keeps tab and newline)", () => {
		expect(controlClass({ except: "\t\n" })).toBe("[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e-\\u200f\\u202a-\\u202e\\u2066-\\u2069]");
		expect(controlClass({ except: "\u0000\u009f" })).toBe("[\\u0001-\\u001f\\u007f-\\u009e\\u061c\\u200e-\\u200f\\u202a-\\u202e\\u2066-\\u2069]");
		expect(controlClass({ except: "\u0001" })).toBe("[\\u0000\\u0002-\\u001f\\u007f-\\u009f\\u061c\\u200e-\\u200f\\u202a-\\u202e\\u2066-\\u2069]");
	});

	it("negate gives everything else", () => {
		const text = new RegExp(`^${controlClass({ negate: true })}+`);
		expect(text.exec("héllo 世界\u0007rest")?.[0]).toBe("héllo 世界");
		expect(text.exec("\u009bx")).toBeNull();
	});

	it("the sanitizers drop the bidirectional formatting characters (nothing to show in their place)", () => {
		const text = "gpj.\u202e\u2066\u200f\u061cexe\u0007";
		expect(terminalText(text)).toBe("gpj.exe␇");
		expect(terminalLine(text)).toBe("gpj.exe␇");
		expect(stripControls(text)).toBe("gpj.exe");
		// The tree's fast fold leaves a row with one to the sanitizing route.
		expect(oneLineCutClean("a\u202eb", 100, 100)).toBeUndefined();
	});
});
