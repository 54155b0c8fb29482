import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, place, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { startSseServer, textReply, type SseServer } from "../helpers/sse-server.js";

/** `arbor -p @file …` through the built CLI and the local OpenAI-compatible server: pi's @file arguments. */
let server: SseServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const IMAGES = join(import.meta.dirname, "../fixtures/images");

/** A project with python.png as shot.png and a models.json that declares `local:vision` (images) and `local:plain` (text). */
async function project() {
	const { cwd, home } = place("arbor-images-");
	copyFileSync(join(IMAGES, "python.png"), join(cwd, "shot.png"));
	server = await startSseServer([textReply("a snake"), textReply("second")]);
	const models = [{ id: "vision", input: ["text", "image"] }, { id: "plain" }];
	const { mkdirSync } = await import("node:fs");
	mkdirSync(home, { recursive: true });
	writeFileSync(join(home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: server.url, apiKey: "k", models } } }));
	const run = (args: string[]) => runCli(["-p", ...args], { cwd, env: { ARBOR_HOME: home, ARBOR_MAX_RETRIES: "0", ARBOR_MODEL: undefined } });
	return { cwd, home, run };
}

describe("-p @file", () => {
	it("@shot.png attaches the image as an image part (request and session), after pi's <file> text", async () => {
		const { cwd, home, run } = await project();
		const result = await run(["-m", "local:vision", "@shot.png", "what is this?"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("a snake");
		const data = readFileSync(join(cwd, "shot.png")).toString("base64");
		const [user] = sentMessages(server!.requests[0]!.body);
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
		const exported = await runCli(["export", sessionFiles(home)[0]!, out], { cwd, env: { ARBOR_HOME: home } });
		expect(exported.code).toBe(0);
		const html = readFileSync(out, "utf8");
		expect(html).toContain("img-src data:");
		expect(html).toContain(data);
	});

	it("@notes.md attaches a text file's content as pi does", async () => {
		const { cwd, run } = await project();
		writeFileSync(join(cwd, "notes.md"), "# Notes\nremember the milk");
		const result = await run(["-m", "local:plain", "@notes.md", "summarize"]);
		expect(result.code).toBe(0);
		const [user] = sentMessages(server!.requests[0]!.body);
		expect(user.content).toBe(`<file name="${join(cwd, "notes.md")}">\n# Notes\nremember the milk\n</file>\nsummarize`);
	});

	it("an image for a text-only model, a missing file and a too big image are one clear error each, nothing sent", async () => {
		const { cwd, run } = await project();
		const plain = await run(["-m", "local:plain", "@shot.png", "what is this?"]);
		expect(plain.stderr).toBe('arbor: local:plain does not take images (its "input" is "text")\n');
		expect(plain.code).toBe(2);
		const missing = await run(["-m", "local:vision", "@nope.png", "hi"]);
		expect(missing.stderr).toBe("arbor: file not found: nope.png\n");
		expect(missing.code).toBe(2);
		// A PNG header and 6 MB of padding.
		writeFileSync(join(cwd, "big.png"), Buffer.concat([readFileSync(join(IMAGES, "python.png")), Buffer.alloc(6 * 1024 * 1024)]));
		const big = await run(["-m", "local:vision", "@big.png", "hi"]);
		expect(big.stderr).toBe("arbor: big.png is 6.0 MB; images are limited to 5.0 MB\n");
		expect(big.code).toBe(2);
		expect(server!.requests).toHaveLength(0);
	});
});
