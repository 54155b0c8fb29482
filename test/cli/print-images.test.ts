import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { imageInfo } from "../../source/session/image-info.js";
import { describe, expect, it } from "vitest";
import { useCliProject } from "../helpers/cli-project.js";
import { entries, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { textReply } from "../helpers/sse-server.js";

/** `arbor -p @file …` through the built CLI and the local OpenAI-compatible server: pi's @file arguments. */
const fx = useCliProject({ env: { ARBOR_MAX_RETRIES: "0", ARBOR_MODEL: undefined } });

const IMAGES = join(import.meta.dirname, "../fixtures/images");

/** A project with python.png as shot.png and a models.json that declares `local:vision` (images) and `local:plain` (text). */
async function project() {
	const { cwd, home } = fx;
	copyFileSync(join(IMAGES, "python.png"), join(cwd, "shot.png"));
	const server = await fx.serve([textReply("a snake"), textReply("second")]);
	const models = [{ id: "vision", input: ["text", "image"] }, { id: "plain" }];
	mkdirSync(home, { recursive: true });
	writeFileSync(join(home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: server.url, apiKey: "k", models } } }));
	const run = (args: string[]) => fx.cli(["-p", ...args]);
	return { cwd, home, run, server };
}

describe("-p @file", () => {
	it("@shot.png attaches the image as an image part (request and session), after pi's <file> text", async () => {
		const { cwd, home, run, server } = await project();
		const result = await run(["-m", "local:vision", "@shot.png", "what is this?"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("a snake");
		const data = readFileSync(join(cwd, "shot.png")).toString("base64");
		const [user] = sentMessages(server.requests[0]!.body);
		expect(user.content).toEqual([
			{ type: "text", text: `<file name="${join(cwd, "shot.png")}"></file>\nwhat is this?` },
			{ type: "image_url", image_url: { url: `data:image/png;base64,${data}` } },
		]);
		const stored = entries(sessionFiles(home)[0]!).find((e) => e.type === "message" && e.message.role === "user");
		expect(stored.message.content).toEqual([
			{ type: "text", text: `<file name="${join(cwd, "shot.png")}"></file>\nwhat is this?` },
			{ type: "image", data, mimeType: "image/png" },
		]);
		// The HTML export carries the image's bytes for its data: URL, and its CSP allows data: images.
		const out = join(cwd, "out.html");
		const exported = await fx.cli(["export", sessionFiles(home)[0]!, out]);
		expect(exported.code).toBe(0);
		const html = readFileSync(out, "utf8");
		expect(html).toContain("img-src data:");
		expect(html).toContain(data);
	});

	it("@notes.md attaches a text file's content as pi does", async () => {
		const { cwd, run, server } = await project();
		writeFileSync(join(cwd, "notes.md"), "# Notes\nremember the milk");
		const result = await run(["-m", "local:plain", "@notes.md", "summarize"]);
		expect(result.code).toBe(0);
		const [user] = sentMessages(server.requests[0]!.body);
		expect(user.content).toBe(`<file name="${join(cwd, "notes.md")}">\n# Notes\nremember the milk\n</file>\nsummarize`);
	});

	it("an image for a text-only model, a missing file and a too big image are one clear error each, nothing sent", async () => {
		const { cwd, run, server } = await project();
		const plain = await run(["-m", "local:plain", "@shot.png", "what is this?"]);
		expect(plain.stderr).toBe('arbor: local:plain does not take images (its "input" is "text")\n');
		expect(plain.code).toBe(2);
		const missing = await run(["-m", "local:vision", "@nope.png", "hi"]);
		expect(missing.stderr).toBe("arbor: file not found: nope.png\n");
		expect(missing.code).toBe(2);
		// A PNG's first 64 KB (its header says 3000×2000), the rest cut off: too big to send as it is, and no picture to make smaller.
		writeFileSync(join(cwd, "torn.png"), (await noisePng(3000, 2000)).subarray(0, 64 * 1024));
		const torn = await run(["-m", "local:vision", "@torn.png", "hi"]);
		expect(torn.stderr).toMatch(/^arbor: torn\.png cannot be read as a picture: .+\n$/);
		expect(torn.code).toBe(2);
		expect(server.requests).toHaveLength(0);
	});

	it("a picture larger than providers take is sent made smaller (2000 px, 4.5 MB of base64 at most), and stored so", async () => {
		const { cwd, home, run, server } = await project();
		const big = await noisePng(3000, 2000);
		expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
		writeFileSync(join(cwd, "big.png"), big);
		const result = await run(["-m", "local:vision", "@big.png", "what is this?"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		const url: string = sentMessages(server.requests[0]!.body)[0].content[1].image_url.url;
		const [, mimeType, data] = /^data:(image\/\w+);base64,(.*)$/.exec(url)!;
		expect(data!.length).toBeLessThanOrEqual(4.5 * 1024 * 1024);
		expect(imageInfo(Buffer.from(data!, "base64"))).toMatchObject({ mimeType, width: 2000, height: 1333 });
		const stored = entries(sessionFiles(home)[0]!).find((e) => e.type === "message" && e.message.role === "user");
		expect(stored.message.content[1]).toEqual({ type: "image", data, mimeType });
	});
});

/** A PNG of random pixels (it does not compress: 3000×2000 is ~18 MB). */
async function noisePng(width: number, height: number): Promise<Buffer> {
	const sharp = (await import("sharp")).default;
	return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}
