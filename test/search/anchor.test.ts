import { describe, expect, it } from "vitest";
import { anchorNeedles, linesWithAnchor } from "../../source/search/anchor.js";

/** The oracle: the start of every line whose text holds `word` (here: the anchor's bytes) in any case. */
function bruteForce(text: string, word: string): number[] {
	const starts: number[] = [];
	let start = 0;
	for (const line of text.split("\n")) {
		if (line.toLowerCase().includes(word.toLowerCase())) starts.push(start);
		start += Buffer.byteLength(line) + 1;
	}
	return starts;
}

/** Every way of writing `word` with its letters in upper or lower case (up to 2^6 forms). */
function caseForms(word: string): string[] {
	let forms = [""];
	for (const ch of word.slice(0, 6)) forms = forms.flatMap((f) => [f + ch.toLowerCase(), f + ch.toUpperCase()]);
	return forms.map((f) => f + word.slice(6));
}

describe("candidate lines by anchor", () => {
	it("looks up each case variant in the direction that stops at its rarer byte", () => {
		const needles = anchorNeedles("xylophone");
		expect(needles?.map((n) => `${n.bytes.toString("latin1")}${n.backward ? "←" : "→"}`).sort()).toEqual(["XY→", "Xy→", "xY←", "xy→"]);
	});

	it("with a sample of the text, chooses the anchor by the bytes' frequencies in it, not English ones", () => {
		/** The byte the all-lowercase needle stops at: its first looked up forward, its last backward. */
		const stop = (needles: ReturnType<typeof anchorNeedles>) => {
			const lower = needles?.find((n) => n.bytes.toString("latin1") === n.bytes.toString("latin1").toLowerCase());
			return lower && String.fromCharCode(lower.bytes[lower.backward ? lower.bytes.length - 1 : 0] ?? 0);
		};
		// English: "p" is rarer than "h", "d", "l", "o", "i", "n".
		expect(stop(anchorNeedles("dolphin"))).toBe("p");
		// Session JSON: "p" on every line ("type", "parentId"), "h" rarer.
		const json = Buffer.from('{"type":"message","id":"a1","parentId":"a0","timestamp":"2026","message":{"role":"user","content":"all well, top step pop up; oh"}}\n'.repeat(50));
		expect(stop(anchorNeedles("dolphin", json))).toBe("h");
		// "h" the commonest, "n" absent.
		expect(stop(anchorNeedles("dolphin", Buffer.from("hhhh dolp dolp lo pi hi ".repeat(100))))).toBe("n");
	});

	it.each(["xylophone", "ze", "Qa", "a-b", "naïve", "x"])("finds every line holding %s in any case, wherever it is in the line and the buffer", (word) => {
		const needles = anchorNeedles(word, Buffer.from("text index next XY yl Yl ze qa a-b naive")); // chosen from a sample too
		expect(needles).toBeDefined();
		const anchor = needles?.[0]?.bytes.toString("latin1") ?? "";
		let seed = word.length;
		const rand = (k: number) => {
			seed = (seed * 1103515245 + 12345) % 2147483648;
			return seed % k;
		};
		const filler = ["text", "index", "next", "XY", "xY", "yx", "Yl", "", " ", "Z", "zz"];
		for (const form of caseForms(word)) {
			for (let round = 0; round < 4; round++) {
				const lines = Array.from({ length: 12 }, () => Array.from({ length: rand(5) }, () => filler[rand(filler.length)]).join(""));
				lines[rand(12)] += form; // at a line's end
				lines[rand(12)] = form + lines[rand(12)]; // at a line's start
				if (round === 0) lines[0] = form + lines[0]; // the buffer's first bytes
				if (round === 1) lines[11] = `${lines[11]}${form}`; // its last bytes (no final "\n")
				const text = lines.join("\n");
				const found = linesWithAnchor(Buffer.from(text), needles ?? []);
				expect(found, `${form} in ${JSON.stringify(text)}`).toEqual(bruteForce(text, anchor));
				for (const start of bruteForce(text, word)) expect(found).toContain(start); // every line with the word is a candidate
			}
		}
	});
});
