/**
 * Ctrl+V attaches the clipboard's picture (in-process terminal, 80×24). The desktop's clipboard
 * tool is a real program on PATH: a `wl-paste` script that answers as wl-clipboard does, from files.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();
const PNG = join(import.meta.dirname, "../fixtures/images/python.png");

/** A folder holding `wl-paste`: `--list-types` prints `types`, `--type T` prints the file named in `data`. */
function fakeWlPaste(dir: string, types: string, data: string): string {
	const bin = join(dir, "bin");
	mkdirSync(bin);
	writeFileSync(join(dir, "types"), types);
	writeFileSync(
		join(bin, "wl-paste"),
		`#!/bin/sh\nif [ "$1" = "--list-types" ]; then cat "${join(dir, "types")}"; exit 0; fi\nif [ "$1" = "--type" ] && [ "$2" = "image/png" ]; then cat "${data}"; exit 0; fi\necho "unexpected: $*" >&2; exit 1\n`,
	);
	chmodSync(join(bin, "wl-paste"), 0o755);
	return bin;
}

async function open(types: string): Promise<ArborTerminal> {
	const place = tempPlace("clipboard");
	fx.dir = place.dir;
	const bin = fakeWlPaste(place.dir, types, PNG);
	fx.server = await startSseServer([textReply("a snake")]);
	mkdirSync(place.home, { recursive: true });
	const models = [{ id: "vision", input: ["text", "image"] }];
	writeFileSync(join(place.home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: fx.server.url, apiKey: "k", models } } }));
	const t = startArbor({ args: ["--model", "local:vision"], cwd: place.dir, home: place.home, cols: 80, rows: 24, env: { PATH: `${bin}:${process.env.PATH}`, WAYLAND_DISPLAY: "wayland-test" } });
	fx.tmux = t;
	await t.waitForScreen((s) => s.includes("local:vision"), "status line");
	return t;
}

describe("Ctrl+V with a picture on the clipboard", () => {
	it("puts @path of the picture in the editor; the message carries the picture", async () => {
		const t = await open("text/plain\nimage/png\n");
		t.type("what is this? ");
		t.send("C-v");
		// The path wraps at 80 columns: the editor's rows are read joined (a wrapped row starts with two spaces).
		const joined = (s: string) => s.replace(/\n {2}/g, "");
		const screen = await t.waitForScreen((s) => /› what is this\? ?@\S+clipboard-[\dT-]+\.png/.test(joined(s)), "the picture's path");
		const path = /@(\S+clipboard-[\dT-]+\.png)/.exec(joined(screen))?.[1];
		expect(readFileSync(path!)).toEqual(readFileSync(PNG));
		t.send("Enter");
		const shown = await t.waitForScreen((s) => s.includes("a snake"), "reply");
		expect(shown).toMatch(/\[image: clipboard-[\dT-]+\.png 16×16, 1020 B\]/);
		const [user] = fx.server!.requests[0]!.body.messages.filter((m: { role: string }) => m.role === "user");
		expect(user.content[1]).toEqual({ type: "image_url", image_url: { url: `data:image/png;base64,${readFileSync(PNG).toString("base64")}` } });
		await quit(t);
	}, 60_000);

	it("with only text on the clipboard it says so and the editor is left as it was", async () => {
		const t = await open("text/plain;charset=utf-8\nUTF8_STRING\n");
		t.type("draft");
		t.send("C-v");
		const screen = await t.waitForScreen((s) => s.includes("the clipboard holds no picture"), "no picture");
		expect(screen).toContain("› draft");
		expect(screen).not.toContain("@");
		t.send("C-u");
		await quit(t);
	}, 60_000);
});
