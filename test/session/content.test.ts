import { describe, expect, it } from "vitest";
import { contentText, textParts } from "../../source/session/content.js";

const parts = [
	{ type: "text", text: "look" },
	{ type: "image", data: "AAA", mimeType: "image/png" },
	{ type: "text", text: "" },
	{ type: "toolCall", id: "c", name: "bash", arguments: {} },
	{ type: "text", text: "here" },
];

describe("contentText: one content → text for every caller", () => {
	it("a string is its own text; anything that is not content has none", () => {
		expect(contentText("plain\ntext")).toBe("plain\ntext");
		expect(contentText(undefined)).toBe("");
		expect(contentText({ text: "x" })).toBe("");
	});

	it("joins text parts by newlines, images as [image], empty and other parts left out", () => {
		expect(contentText(parts)).toBe("look\n[image]\nhere");
	});

	it("separator and image stand-in are options; imageAs '' leaves images out", () => {
		expect(contentText(parts, { separator: " ", imageAs: "" })).toBe("look here");
		expect(contentText(parts, { separator: "", imageAs: "<img>" })).toBe("look<img>here");
	});

	it("skips malformed parts of raw JSON (null, a text part without a string text)", () => {
		expect(contentText([null, 7, { type: "text", text: 5 }, { type: "text" }, { type: "text", text: "ok" }])).toBe("ok");
	});

	it("with max, stops collecting past max characters (each part cut to max + 1)", () => {
		const long = [{ type: "text", text: "a".repeat(50) }, { type: "text", text: "b".repeat(50) }, { type: "text", text: "c" }];
		expect(contentText(long, { separator: " ", max: 10 })).toBe("a".repeat(11));
		expect(contentText("x".repeat(50), { max: 10 })).toBe("x".repeat(11));
		expect(contentText([{ type: "text", text: "ab" }, { type: "text", text: "cd" }], { separator: " ", max: 10 })).toBe("ab cd");
	});
});

describe("textParts", () => {
	it("lists every text, empty ones too, never images; a string is one text; non-content none", () => {
		expect(textParts(parts)).toEqual(["look", "", "here"]);
		expect(textParts("")).toEqual([""]);
		expect(textParts(null)).toEqual([]);
		expect(textParts([{ type: "image" }])).toEqual([]);
	});
});
