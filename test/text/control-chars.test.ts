import { describe, expect, it } from "vitest";
import { controlClass, isControl } from "../../source/text/control-chars.js";

const controls = (re: RegExp) => Array.from({ length: 0x200 }, (_, c) => c).filter((c) => re.test(String.fromCharCode(c)));
const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

describe("control characters: one definition", () => {
	it("isControl is C0, DEL and C1, nothing else", () => {
		expect(range(0, 0x1ff).filter(isControl)).toEqual([...range(0, 0x1f), ...range(0x7f, 0x9f)]);
		expect(isControl(0x20)).toBe(false);
		expect(isControl("é".charCodeAt(0))).toBe(false);
	});

	it("controlClass matches exactly what isControl says", () => {
		expect(controlClass()).toBe("[\\u0000-\\u001f\\u007f-\\u009f]");
		expect(controls(new RegExp(controlClass()))).toEqual(range(0, 0x1ff).filter(isControl));
	});

	it("spares the characters in except (terminal text keeps tab and newline)", () => {
		expect(controlClass({ except: "\t\n" })).toBe("[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]");
		expect(controlClass({ except: "\u0000\u009f" })).toBe("[\\u0001-\\u001f\\u007f-\\u009e]");
		expect(controlClass({ except: "\u0001" })).toBe("[\\u0000\\u0002-\\u001f\\u007f-\\u009f]");
	});

	it("negate gives everything else", () => {
		const text = new RegExp(`^${controlClass({ negate: true })}+`);
		expect(text.exec("héllo 世界\u0007rest")?.[0]).toBe("héllo 世界");
		expect(text.exec("\u009bx")).toBeNull();
	});
});
