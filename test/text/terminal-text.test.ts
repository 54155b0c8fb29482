import { describe, expect, it } from "vitest";
import { colourWanted, stripColourSgr } from "../../source/text/terminal-colour.js";
import { stripControls, terminalText, terminalTextSoFar, TerminalTextStream } from "../../source/text/terminal-text.js";

const E = "\u001b";
/** One of each class of sequence a hostile reply or session file may carry. */
export const HOSTILE = [
	`${E}]0;PWNED${E}\u0007`, // OSC title, BEL-terminated
	`${E}]2;PWNED${E}${E}\\`, // OSC title, ST-terminated
	`${E}]52;c;SGVsbG8=\u0007`, // OSC 52 clipboard write
	`${E}[2J`, // CSI erase display
	`${E}[31mRED${E}[0m`, // SGR colour
	`${E}[?1049h`, // private-mode CSI (alternate screen)
	`${E}P1$r0m${E}\\`, // DCS
	`${E}_apc${E}\\`, // APC
	`${E}c`, // RIS (full reset)
	`${E}(B`, // charset designation (intermediate + final)
	"\u009b31m", // 8-bit CSI
	"\u009d0;PWNED\u009c", // 8-bit OSC with 8-bit ST
];

function streamed(chunks: string[]): string {
	const s = new TerminalTextStream();
	return chunks.map((c) => s.push(c)).join("") + s.end();
}

describe("terminalText", () => {
	it("removes every class of escape sequence whole", () => {
		for (const seq of HOSTILE) {
			const out = terminalText(`a${seq}b`);
			expect(out, JSON.stringify(seq)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
			expect(out, JSON.stringify(seq)).not.toContain("PWNED");
			expect(out.startsWith("a") && out.endsWith("b")).toBe(true);
		}
		expect(terminalText(`x${E}[31mRED${E}[0my`)).toBe("xREDy");
	});

	it("keeps \\n, \\t, CJK and emoji; turns \\r\\n into \\n", () => {
		expect(terminalText("一\t二\n👩‍👩‍👧 é\r\nz")).toBe("一\t二\n👩‍👩‍👧 é\nz");
	});

	it("shows lone controls as visible symbols", () => {
		expect(terminalText(`bell\u0007 nul\u0000 del\u007f esc${E}é cr\rx c1\u0085`)).toBe("bell␇ nul␀ del␡ esc␛é cr␍x c1\ufffd");
	});

	it("shows an unterminated string sequence's ESC and keeps its text", () => {
		expect(terminalText(`a${E}]0;never ends`)).toBe("a␛]0;never ends");
	});
});

describe("TerminalTextStream", () => {
	it("holds a sequence split across chunks until it completes, at every split point", () => {
		const text = `before ${HOSTILE.join(" ")} after\n`;
		const whole = terminalText(text);
		for (let cut = 1; cut < text.length; cut++) {
			expect(streamed([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toBe(whole);
		}
		expect(streamed([...text])).toBe(whole);
	});

	it("lets plain text through at once", () => {
		const s = new TerminalTextStream();
		expect(s.push("hello ")).toBe("hello ");
		expect(s.push(`${E}]0;ti`)).toBe("");
		expect(s.push(`tle\u0007 world`)).toBe(" world");
		expect(s.end()).toBe("");
	});

	it("gives up on an endless sequence without losing the text after it", () => {
		const s = new TerminalTextStream();
		const out = s.push(`${E}]52;c;${"A".repeat(5000)}`) + s.end();
		expect(out.startsWith("␛]52;c;AAAA")).toBe(true);
	});
});

describe("terminalTextSoFar", () => {
	it("leaves out an unfinished sequence at the end instead of showing it", () => {
		expect(terminalTextSoFar(`reply ${E}]0;PWN`)).toBe("reply ");
		expect(terminalTextSoFar(`reply ${E}]0;PWNED\u0007 done`)).toBe("reply  done");
	});
});

describe("stripControls", () => {
	it("drops sequences and controls, keeps newlines unless single-line", () => {
		expect(stripControls(`a${E}[31mb\u0007c\r\nd\te`)).toBe("abc\nd\te");
		expect(stripControls(`a\nb\tc${E}[Dd`, { singleLine: true })).toBe("abcd");
	});
});

describe("colour", () => {
	it("follows NO_COLOR and FORCE_COLOR", () => {
		expect(colourWanted({}, true)).toBe(true);
		expect(colourWanted({}, false)).toBe(false);
		expect(colourWanted({ NO_COLOR: "1" }, true)).toBe(false);
		expect(colourWanted({ NO_COLOR: "" }, true)).toBe(true);
		expect(colourWanted({ FORCE_COLOR: "1" }, false)).toBe(true);
		expect(colourWanted({ FORCE_COLOR: "0" }, true)).toBe(false);
		expect(colourWanted({ FORCE_COLOR: "1", NO_COLOR: "1" }, true)).toBe(true);
	});

	it("takes colour out of SGR sequences and keeps bold, dim and inverse", () => {
		expect(stripColourSgr(`${E}[1;36mx${E}[39m${E}[7my${E}[0m`)).toBe(`${E}[1mx${E}[7my${E}[0m`);
		expect(stripColourSgr(`${E}[38;5;196ma${E}[48;2;1;2;3;2mb${E}[38:2::1:2:3mc${E}[m`)).toBe(`a${E}[2mbc${E}[m`);
	});
});
