import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();

const IMAGES = join(import.meta.dirname, "../fixtures/images");

/** A project with shot.png and shots/cat.gif, and models.json's `local:vision` (images) and `local:plain`. */
async function project(model: string, words: string[] = []): Promise<{ dir: string; t: ArborTerminal }> {
	const place = tempPlace("images");
	mkdirSync(join(place.dir, "shots"));
	copyFileSync(join(IMAGES, "python.png"), join(place.dir, "shot.png"));
	copyFileSync(join(IMAGES, "python.gif"), join(place.dir, "shots", "cat.gif"));
	fx.server = await startSseServer([textReply("a snake"), textReply("a cat")]);
	mkdirSync(place.home, { recursive: true });
	const models = [{ id: "vision", input: ["text", "image"] }, { id: "plain" }];
	writeFileSync(join(place.home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: fx.server.url, apiKey: "k", models } } }));
	const t = startArbor({ args: ["--model", model, ...words], cwd: place.dir, home: place.home, cols: 80, rows: 24 });
	await t.waitForScreen((s) => s.includes(model), "status line");
	return { dir: place.dir, t };
}

const imageUrls = (body: any): string[] =>
	body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content.filter((p: any) => p.type === "image_url").map((p: any) => p.image_url.url) : []));

describe("images in the chat at 80×24", () => {
	it("@shot.png and a pasted path attach the images; the transcript shows [image: name W×H, size]", async () => {
		let t: ArborTerminal;
		({ dir: fx.dir, t } = await project("local:vision"));
		fx.tmux = t;
		await submitLine(t, "what is @shot.png?");
		const shown = await t.waitForScreen((s) => s.includes("a snake"), "reply");
		expect(shown).toContain("[image: shot.png 16×16, 1020 B]");
		const png = readFileSync(join(fx.dir, "shot.png")).toString("base64");
		expect(imageUrls(fx.server!.requests[0]!.body)).toEqual([`data:image/png;base64,${png}`]);
		// A path pasted into the editor (as a terminal's drag and drop does), then text.
		t.paste(join(fx.dir, "shots", "cat.gif"));
		t.write(" and this?\r");
		const second = await t.waitForScreen((s) => s.includes("a cat"), "second reply");
		expect(second).toContain("[image: cat.gif 16×16, 610 B]");
		const gif = readFileSync(join(fx.dir, "shots", "cat.gif")).toString("base64");
		expect(imageUrls(fx.server!.requests[1]!.body)).toEqual([`data:image/png;base64,${png}`, `data:image/gif;base64,${gif}`]);
		await quit(t);
	}, 60_000);

	it("a model that takes no images and a missing @image are status errors; the text stays, nothing is sent", async () => {
		let t: ArborTerminal;
		({ dir: fx.dir, t } = await project("local:plain"));
		fx.tmux = t;
		await submitLine(t, "what is @shot.png?");
		await t.waitForScreen((s) => s.includes('local:plain does not take images (its "input" is "text")') && s.includes("› what is @shot.png?"), "refused");
		t.send("C-u");
		await t.waitForScreen((s) => !s.includes("› what is"), "cleared");
		await submitLine(t, "see @gone.png");
		await t.waitForScreen((s) => s.includes("no such image: gone.png") && s.includes("› see @gone.png"), "missing");
		expect(fx.server!.requests).toHaveLength(0);
		t.send("C-u");
		await quit(t);
	}, 60_000);

	it("arbor @shot.png \"what is this?\" sends the image with pi's <file> text at start", async () => {
		let t: ArborTerminal;
		({ dir: fx.dir, t } = await project("local:vision", ["@shot.png", "what is this?"]));
		fx.tmux = t;
		const shown = await t.waitForScreen((s) => s.includes("a snake"), "reply");
		expect(shown).toContain("[image: shot.png 16×16, 1020 B]");
		const png = readFileSync(join(fx.dir, "shot.png")).toString("base64");
		const user = fx.server!.requests[0]!.body.messages.find((m: any) => m.role === "user");
		expect(user.content).toEqual([
			{ type: "text", text: `<file name="${join(fx.dir, "shot.png")}"></file>\nwhat is this?` },
			{ type: "image_url", image_url: { url: `data:image/png;base64,${png}` } },
		]);
		await quit(t);
	}, 60_000);
});
