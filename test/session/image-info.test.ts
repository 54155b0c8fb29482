import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { byteSize, imageInfo, imageLabel, imageNames, userContentText } from "../../source/session/image-info.js";

/** Real encoders' files (CPython's imghdr test images, 16×16). */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/images", name));

const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be16 = (n: number) => [n >> 8, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];

/** Headers with a width unlike the height, so a swap shows. */
const png = bytes([0x89], "PNG\r\n\x1a\n", [0, 0, 0, 13], "IHDR", [0, 0, 0x05, 0x00], [0, 0, 0x02, 0xd0], [8, 6, 0, 0, 0]);
const jpeg = (sof: number) =>
	bytes([0xff, 0xd8], [0xff, 0xe0], be16(16), "JFIF\0", [1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xff], [0xff, 0xc4], be16(4), [0, 0], [0xff, sof], be16(17), [8], be16(720), be16(1280), [3]);
const gif = bytes("GIF89a", le16(1280), le16(720), [0xf7, 0, 0]);
const riff = (chunk: string, data: number[]) => bytes("RIFF", [0, 0, 0, 0], "WEBP", chunk, [data.length, 0, 0, 0], data);
const vp8 = riff("VP8 ", [0x50, 0x21, 0x00, 0x9d, 0x01, 0x2a, ...le16(1280), ...le16(720), 0, 0]);
const vp8l = (() => {
	const bits = (1280 - 1) | ((720 - 1) << 14);
	return riff("VP8L", [0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff]);
})();
const vp8x = riff("VP8X", [0x10, 0, 0, 0, ...le24(1280 - 1), ...le24(720 - 1)]);

describe("imageInfo", () => {
	it("reads the size of real PNG, JPEG, GIF and WebP (VP8X) files", () => {
		expect(imageInfo(fixture("python.png"))).toEqual({ mimeType: "image/png", width: 16, height: 16 });
		expect(imageInfo(fixture("python.jpg"))).toEqual({ mimeType: "image/jpeg", width: 16, height: 16 });
		expect(imageInfo(fixture("python.gif"))).toEqual({ mimeType: "image/gif", width: 16, height: 16 });
		expect(imageInfo(fixture("python.webp"))).toEqual({ mimeType: "image/webp", width: 16, height: 16 });
	});

	it("reads width and height the right way round in every header", () => {
		const size = { width: 1280, height: 720 };
		expect(imageInfo(png)).toEqual({ mimeType: "image/png", ...size });
		expect(imageInfo(jpeg(0xc0))).toEqual({ mimeType: "image/jpeg", ...size });
		expect(imageInfo(jpeg(0xc2))).toEqual({ mimeType: "image/jpeg", ...size });
		expect(imageInfo(gif)).toEqual({ mimeType: "image/gif", ...size });
		expect(imageInfo(vp8)).toEqual({ mimeType: "image/webp", ...size });
		expect(imageInfo(vp8l)).toEqual({ mimeType: "image/webp", ...size });
		expect(imageInfo(vp8x)).toEqual({ mimeType: "image/webp", ...size });
	});

	it("skips JPEG's DHT marker (C4), which is not a frame", () => {
		const noFrame = bytes([0xff, 0xd8], [0xff, 0xc4], be16(6), [1, 2, 3, 4]);
		expect(imageInfo(noFrame)).toEqual({ mimeType: "image/jpeg" });
	});

	it("a header cut short has a kind and no size; other files are not images", () => {
		expect(imageInfo(png.slice(0, 20))).toEqual({ mimeType: "image/png" });
		expect(imageInfo(gif.slice(0, 8))).toEqual({ mimeType: "image/gif" });
		expect(imageInfo(bytes("%PDF-1.7\n"))).toBeUndefined();
		expect(imageInfo(bytes("RIFF\0\0\0\0WAVEfmt "))).toBeUndefined();
		expect(imageInfo(new Uint8Array())).toBeUndefined();
	});
});

describe("labels", () => {
	it("byteSize counts in 1024s", () => {
		expect([byteSize(512), byteSize(86_000), byteSize(1_300_000), byteSize(12 * 1024 * 1024)]).toEqual(["512 B", "84 KB", "1.2 MB", "12 MB"]);
	});

	it("imageLabel is the transcript's line", () => {
		expect(imageLabel({ name: "shot.png", info: { mimeType: "image/png", width: 1280, height: 720 }, bytes: 86_000 })).toBe("[image: shot.png 1280×720, 84 KB]");
		expect(imageLabel({ bytes: 300 })).toBe("[image: 300 B]");
	});

	it("imageNames finds @references, pi's <file> tags and pasted paths, in order", () => {
		expect(imageNames('what is @shots/a.PNG and "/home/u/Pictures/b.webp", not c.txt?\n<file name="/tmp/c.jpg"></file>\n<file name="/tmp/notes.md">x</file>')).toEqual(["a.PNG", "b.webp", "c.jpg"]);
	});

	it("userContentText shows each stored image as its label, named by the text", () => {
		const data = Buffer.from(png).toString("base64");
		const content = [{ type: "text", text: "what is @shot.png?" }, { type: "image", data, mimeType: "image/png" }];
		expect(userContentText(content)).toBe(`what is @shot.png?\n[image: shot.png 1280×720, ${png.length} B]`);
		expect(userContentText("plain")).toBe("plain");
	});
});
