import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { imageReferences, promptWithImages } from "../../source/tools/attachments.js";

const PNG = join(import.meta.dirname, "../fixtures/images/python.png");
const vision = { spec: "local:vision", info: { input: ["text", "image"] } };

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

function project(): string {
	dir = mkdtempSync(join(tmpdir(), "arbor-attach-"));
	mkdirSync(join(dir, "My Shots"));
	copyFileSync(PNG, join(dir, "shot.png"));
	copyFileSync(PNG, join(dir, "My Shots", "a b.png"));
	writeFileSync(join(dir, "fake.png"), "not an image");
	return dir;
}

describe("imageReferences", () => {
	it("finds @paths, quoted pasted paths and bare pasted paths with escaped spaces, in order", () => {
		expect(imageReferences("see @shot.png, '/tmp/My Shots/a b.png' and /tmp/x\\ y.gif; not @notes.md or a.png")).toEqual([
			{ path: "shot.png", explicit: true },
			{ path: "/tmp/My Shots/a b.png", explicit: false },
			{ path: "/tmp/x y.gif", explicit: false },
		]);
	});
});

describe("promptWithImages", () => {
	it("attaches each image once, after the text; a pasted path that is no file stays text", async () => {
		const cwd = project();
		const result = await promptWithImages("@shot.png vs @My\\ Shots/a\\ b.png vs @shot.png and /nowhere/x.png", cwd, vision);
		expect(result.ok).toBe(true);
		if (!result.ok || typeof result.content === "string") throw new Error("expected parts");
		expect(result.content.map((p) => p.type)).toEqual(["text", "image", "image"]);
	});

	it("a plain prompt stays a string; errors name the problem", async () => {
		const cwd = project();
		expect(await promptWithImages("no images here", cwd, vision)).toEqual({ ok: true, content: "no images here" });
		expect(await promptWithImages("@fake.png", cwd, vision)).toEqual({ ok: false, message: "fake.png is not a PNG, JPEG, GIF or WebP image" });
		expect(await promptWithImages("@gone.png", cwd, vision)).toEqual({ ok: false, message: "no such image: gone.png" });
		expect(await promptWithImages("@shot.png", cwd, { spec: "x:unknown" })).toEqual({ ok: false, message: 'x:unknown is not known to take images (declare "input": ["text", "image"] for it in models.json)' });
	});
});
