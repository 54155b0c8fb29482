import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { byteSize, imageInfo } from "../../source/session/image-info.js";
import { readTool } from "../../source/tools/read.js";
import { ToolError } from "../../source/tools/result.js";
import { makeTree, removeTree } from "./fixture.js";

let dir = "";
afterEach(() => removeTree(dir));

describe("readTool", () => {
	it("numbers lines like cat -n", async () => {
		dir = makeTree({ "a.txt": "one\ntwo\nthree\n" });
		const r = await readTool({ path: "a.txt" }, { cwd: dir });
		expect(r.output).toBe("     1\tone\n     2\ttwo\n     3\tthree");
		expect(r.details).toEqual({ path: `${dir}/a.txt`, startLine: 1, endLine: 3, totalLines: 3 });
	});

	it("pages with offset and limit and says how to continue", async () => {
		dir = makeTree({ "a.txt": "l1\nl2\nl3\nl4\nl5" });
		const r = await readTool({ path: "a.txt", offset: 2, limit: 2 }, { cwd: dir });
		expect(r.output).toBe("     2\tl2\n     3\tl3\n[... 2 more lines; use offset=4 to continue]");
		const last = await readTool({ path: `${dir}/a.txt`, offset: 4 }, { cwd: "/" });
		expect(last.output).toBe("     4\tl4\n     5\tl5");
	});

	it("caps total size at 50 KB and cuts long lines at 2000 chars", async () => {
		const long = "x".repeat(2500);
		const lines = Array.from({ length: 100 }, () => "y".repeat(1000));
		dir = makeTree({ "long.txt": `${long}\n`, "big.txt": lines.join("\n") });
		const r1 = await readTool({ path: "long.txt" }, { cwd: dir });
		expect(r1.output).toBe(`     1\t${"x".repeat(2000)} [... line cut at 2000 chars]`);
		const r2 = await readTool({ path: "big.txt" }, { cwd: dir });
		// Each line costs 6 + 1 + 1000 + 1 = 1008 bytes; 50 fit into 51200.
		const out = r2.output.split("\n");
		expect(out).toHaveLength(51);
		expect(out[50]).toBe("[... 50 more lines; use offset=51 to continue]");
		expect(r2.details?.endLine).toBe(50);
	});

	it("refuses binary files and reports missing files, directories and bad offsets", async () => {
		dir = makeTree({ "bin.dat": Buffer.from([0x41, 0x00, 0x42]), "a.txt": "a\n", "sub/x": "" });
		await expect(readTool({ path: "bin.dat" }, { cwd: dir })).rejects.toThrow(
			new ToolError("bin.dat is a binary file"),
		);
		await expect(readTool({ path: "nope.txt" }, { cwd: dir })).rejects.toThrow("nope.txt: no such file");
		await expect(readTool({ path: "sub" }, { cwd: dir })).rejects.toThrow("sub is a directory; use ls to list it");
		await expect(readTool({ path: "a.txt", offset: 5 }, { cwd: dir })).rejects.toThrow(
			"offset 5 is beyond the end of a.txt (1 line)",
		);
		await expect(readTool({ path: "sub/x" }, { cwd: dir })).resolves.toMatchObject({ output: "sub/x is empty" });
	});

	it("an image is returned as an image beside its label (a 2×3 PNG: its signature and header chunk)", async () => {
		dir = makeTree({});
		const png = Buffer.from("89504e470d0a1a0a0000000d494844520000000200000003080200000000", "hex");
		fs.writeFileSync(path.join(dir, "shot.png"), png);
		const r = await readTool({ path: "shot.png" }, { cwd: dir });
		expect(r.output).toBe("[image: shot.png 2×3, 30 B]");
		expect(r.images).toEqual([{ data: png.toString("base64"), mimeType: "image/png" }]);
	});

	it("a picture larger than providers take (a 3000×1000 JPEG, upright by its EXIF) is sent made smaller, and its label says so", async () => {
		dir = makeTree({});
		const sharp = (await import("sharp")).default;
		// Stored sideways (1000×3000) with EXIF orientation 6 (turn 90° clockwise to show): 3000×1000 upright.
		const jpeg = await sharp(randomBytes(1000 * 3000 * 3), { raw: { width: 1000, height: 3000, channels: 3 } }).jpeg({ quality: 100 }).withMetadata({ orientation: 6 }).toBuffer();
		fs.writeFileSync(path.join(dir, "wide.jpg"), jpeg);
		const r = await readTool({ path: "wide.jpg" }, { cwd: dir });
		const sent = r.images?.[0];
		expect(sent).toBeDefined();
		const info = imageInfo(Buffer.from(sent!.data, "base64"));
		expect(info).toMatchObject({ mimeType: sent!.mimeType, width: 2000, height: 667 });
		expect(r.output).toBe(`[image: wide.jpg 1000×3000, ${byteSize(jpeg.length)}, sent as 2000×667, ${byteSize(Buffer.from(sent!.data, "base64").length)}]`);
	});
});
