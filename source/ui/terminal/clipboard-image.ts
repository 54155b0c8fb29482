/**
 * Ctrl+V: a picture on the system clipboard (a screenshot) becomes a file the message names with
 * `@path`, so it is attached as any `@image` is (made smaller when it must be). A terminal passes
 * only text, so the clipboard is read with the desktop's own tool, as pi does: `wl-paste`
 * (Wayland), `xclip` (X11), `osascript` (macOS).
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { imageInfo } from "../../session/image-info.js";
import { errnoCode } from "../../text/error-text.js";
import { childEnvironment } from "../../text/secrets.js";

/** Picture types taken from the clipboard, in order of preference. */
const TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" };
const TIMEOUT_MS = 5000;

type Ran = { ok: true; out: Buffer } | { ok: false; missing: boolean };

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
	return new Promise((resolve) => {
		execFile(command, args, { env: childEnvironment(env), encoding: "buffer", timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
			resolve(error ? { ok: false, missing: errnoCode(error) === "ENOENT" } : { ok: true, out: stdout });
		});
	});
}

/** A desktop clipboard tool: how it lists the clipboard's types and prints one of them. */
type Tool = { name: string; list: [string, string[]]; read: (type: string) => [string, string[]] };

const WL_PASTE: Tool = { name: "wl-paste", list: ["wl-paste", ["--list-types"]], read: (type) => ["wl-paste", ["--type", type, "--no-newline"]] };
const XCLIP: Tool = {
	name: "xclip",
	list: ["xclip", ["-selection", "clipboard", "-t", "TARGETS", "-o"]],
	read: (type) => ["xclip", ["-selection", "clipboard", "-t", type, "-o"]],
};

type ClipboardPicture = { bytes: Buffer } | { error: string };

/** The clipboard's picture through the first of `tools` that is installed. */
async function throughTools(tools: readonly Tool[], env: NodeJS.ProcessEnv): Promise<ClipboardPicture> {
	for (const tool of tools) {
		const listed = await run(tool.list[0], tool.list[1], env);
		if (!listed.ok) {
			if (listed.missing) continue;
			return { error: "the clipboard holds no picture" };
		}
		const types = listed.out.toString("utf8").split(/\r?\n/).map((t) => t.trim().split(";")[0] ?? "");
		const type = TYPES.find((t) => types.includes(t));
		if (!type) return { error: "the clipboard holds no picture" };
		const read = await run(...tool.read(type), env);
		return read.ok && read.out.length > 0 ? { bytes: read.out } : { error: `${tool.name} could not read the clipboard's picture` };
	}
	return { error: "a picture is read from the clipboard with wl-paste (Wayland) or xclip (X11), and neither is installed; drag the file in, or type @path" };
}

/** macOS: AppleScript writes the clipboard's PNG to a file (nothing when it holds no picture). */
async function throughOsascript(env: NodeJS.ProcessEnv, dir: string): Promise<ClipboardPicture> {
	const file = join(dir, `osascript-${process.pid}.png`);
	const script = [
		"try",
		"set png to (the clipboard as «class PNGf»)",
		`set f to open for access (POSIX file "${file}") with write permission`,
		"set eof of f to 0",
		"write png to f",
		"close access f",
		"on error",
		'return "none"',
		"end try",
	];
	const ran = await run("osascript", script.flatMap((line) => ["-e", line]), env);
	try {
		if (!ran.ok || ran.out.toString("utf8").trim() === "none") return { error: "the clipboard holds no picture" };
		return { bytes: readFileSync(file) };
	} finally {
		rmSync(file, { force: true });
	}
}

/** The folder pasted pictures are written to: the user's own, in the system's temp folder. */
function pictureFolder(): string {
	const dir = join(tmpdir(), `arbor-clipboard-${userInfo().username}`);
	mkdirSync(dir, { recursive: true, mode: 0o700 });
	return dir;
}

/**
 * The clipboard's picture written to a file (temp, then renamed: never half written), or why there
 * is none. `platform` and `env` are the process's (tests pass their own).
 */
export async function pasteClipboardPicture(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, now = new Date()): Promise<{ path: string } | { error: string }> {
	const dir = pictureFolder();
	const wayland = Boolean(env.WAYLAND_DISPLAY) || env.XDG_SESSION_TYPE === "wayland";
	const got = platform === "darwin" ? await throughOsascript(env, dir) : await throughTools(wayland ? [WL_PASTE, XCLIP] : [XCLIP, WL_PASTE], env);
	if ("error" in got) return got;
	const info = imageInfo(got.bytes.subarray(0, 64 * 1024));
	if (!info) return { error: "the clipboard's picture is not a PNG, JPEG, GIF or WebP image" };
	const stamp = now.toISOString().replace(/[:.]/g, "-").replace(/Z$/, "");
	const path = join(dir, `clipboard-${stamp}.${EXTENSIONS[info.mimeType] ?? "png"}`);
	const tmp = `${path}.${process.pid}.tmp`;
	writeFileSync(tmp, got.bytes, { mode: 0o600 });
	renameSync(tmp, path);
	return { path };
}

/** `@path` for the editor: spaces escaped as the `@` references read them. */
export function pictureReference(path: string): string {
	return `@${path.replace(/ /g, "\\ ")} `;
}
