import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pasteClipboardPicture, pictureReference } from "../../source/ui/terminal/clipboard-image.js";

const PNG = join(import.meta.dirname, "../fixtures/images/python.png");
const GIF = join(import.meta.dirname, "../fixtures/images/python.gif");

/** A folder with an executable `name` running `script` (a real program on PATH, as the desktop's tool is). */
function bin(name: string, script: string): string {
	const dir = mkdtempSync(join(tmpdir(), "arbor-clip-bin-"));
	writeFileSync(join(dir, name), `#!/bin/sh\n${script}\n`);
	chmodSync(join(dir, name), 0o755);
	return dir;
}

const NOW = new Date("2026-11-26T14:00:00.000Z");

describe("the clipboard's picture (Ctrl+V)", () => {
	it("X11: xclip's TARGETS pick the picture type (PNG before GIF); it is written whole to a file named for the time", async () => {
		const dir = bin("xclip", `case "$*" in *TARGETS*) printf 'TARGETS\\nimage/gif\\nimage/png\\n';; *image/png*) cat "${PNG}";; *) cat "${GIF}";; esac`);
		const pasted = await pasteClipboardPicture({ PATH: `${dir}:/usr/bin:/bin`, DISPLAY: ":0" }, "linux", NOW);
		expect("path" in pasted ? pasted.path : pasted.error).toMatch(/arbor-clipboard-[^/]+\/clipboard-2026-11-26T14-00-00-000\.png$/);
		if (!("path" in pasted)) throw new Error(pasted.error);
		expect(readFileSync(pasted.path)).toEqual(readFileSync(PNG));
	});

	it("says why there is no picture: none on the clipboard, no tool installed, not a picture", async () => {
		const text = bin("wl-paste", `printf 'text/plain\\n'`);
		expect(await pasteClipboardPicture({ PATH: text, WAYLAND_DISPLAY: "w" }, "linux", NOW)).toEqual({ error: "the clipboard holds no picture" });
		const none = mkdtempSync(join(tmpdir(), "arbor-clip-none-"));
		expect(await pasteClipboardPicture({ PATH: none }, "linux", NOW)).toEqual({
			error: "a picture is read from the clipboard with wl-paste (Wayland) or xclip (X11), and neither is installed; drag the file in, or type @path",
		});
		const fake = bin("wl-paste", `case "$1" in --list-types) printf 'image/png\\n';; *) printf 'not a png';; esac`);
		expect(await pasteClipboardPicture({ PATH: fake, WAYLAND_DISPLAY: "w" }, "linux", NOW)).toEqual({ error: "the clipboard's picture is not a PNG, JPEG, GIF or WebP image" });
	});

	it("the editor's reference escapes spaces as @ references read them", () => {
		expect(pictureReference("/tmp/a b/clip.png")).toBe("@/tmp/a\\ b/clip.png ");
	});
});
