/**
 * Files a prompt brings along: images referenced as `@shot.png` or pasted as a path in the chat's
 * editor, and pi's `@file` arguments in print mode (a text file's content as `<file name="…">`, an
 * image as an image part). Images go as pi stores them: `{ type: "image", data (base64), mimeType }`.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { basename } from "node:path";
import type { ImageContent, UserMessage } from "../session/types.js";
import { imageInfo } from "../session/image-info.js";
import { fitImage } from "./image-fit.js";
import { isFile, resolvePath } from "./paths.js";

const IMAGE_NAME = /\.(?:png|jpe?g|gif|webp)$/i;

/** What a model takes, as far as the catalog (or models.json) says. */
type ImageModel = { spec: string; info?: { input: readonly string[] } };

type Attached = { ok: true; content: string | UserMessage["content"] } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** Whether the model takes images: its catalog entry says so (an unknown model is taken as text only). */
export function takesImages(model: ImageModel): boolean {
	return model.info?.input.includes("image") ?? false;
}

export function noImagesMessage(model: ImageModel): string {
	return model.info
		? `${model.spec} does not take images (its "input" is ${model.info.input.map((k) => `"${k}"`).join(", ")})`
		: `${model.spec} is not known to take images (declare "input": ["text", "image"] for it in models.json)`;
}

function head(file: string): Uint8Array {
	const fd = openSync(file, "r");
	try {
		const buffer = Buffer.alloc(64 * 1024);
		return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
	} finally {
		closeSync(fd);
	}
}

/**
 * An image file as an image part, made smaller when it is over the limits (image-fit.ts);
 * undefined when the file is not a PNG, JPEG, GIF or WebP image.
 */
async function readImage(file: string, shown: string): Promise<{ image: ImageContent } | { error: string } | undefined> {
	const info = imageInfo(head(file));
	if (!info) return undefined;
	const fitted = await fitImage(readFileSync(file), info, shown);
	return "error" in fitted ? fitted : { image: fitted.image };
}

/** Paths to images in a prompt: `@path`, a quoted path, or a bare path with a slash (a paste; `\ ` for spaces). */
export function imageReferences(text: string): { path: string; explicit: boolean }[] {
	const refs: { path: string; explicit: boolean; at: number }[] = [];
	const trail = (p: string) => p.replace(/[,;:!?)\]}.]+$/, "");
	for (const m of text.matchAll(/(?<=^|\s)@((?:\\ |\S)+)/g)) refs.push({ path: trail(m[1] ?? ""), explicit: true, at: m.index });
	for (const m of text.matchAll(/(?<=^|\s)(['"])([^'"\n]+)\1/g)) refs.push({ path: m[2] ?? "", explicit: false, at: m.index });
	for (const m of text.matchAll(/(?<=^|\s)((?:~|\.{1,2})?\/(?:\\ |[^\s'"])+)/g)) refs.push({ path: trail(m[1] ?? ""), explicit: false, at: m.index });
	return refs
		.sort((a, b) => a.at - b.at)
		.map(({ path, explicit }) => ({ path: path.replace(/\\ /g, " "), explicit }))
		.filter((r) => IMAGE_NAME.test(r.path));
}

/**
 * The chat's prompt with the images it names attached: text first, then each image, as pi sends
 * them. An `@name.png` that is missing or too big, or any image for a model that takes none, is an
 * error; a pasted path that is not a file stays plain text.
 */
export async function promptWithImages(text: string, cwd: string, model: ImageModel): Promise<Attached> {
	const images: ImageContent[] = [];
	const seen = new Set<string>();
	for (const ref of imageReferences(text)) {
		const file = resolvePath(cwd, ref.path);
		if (seen.has(file)) continue;
		if (!isFile(file)) {
			if (ref.explicit) return fail(`no such image: ${ref.path}`);
			continue;
		}
		const image = await readImage(file, ref.path);
		if (image === undefined) {
			if (ref.explicit) return fail(`${ref.path} is not a PNG, JPEG, GIF or WebP image`);
			continue;
		}
		if ("error" in image) return fail(image.error);
		seen.add(file);
		images.push(image.image);
	}
	if (images.length === 0) return { ok: true, content: text };
	if (!takesImages(model)) return fail(noImagesMessage(model));
	return { ok: true, content: [{ type: "text", text }, ...images] };
}

/**
 * pi's `@file` arguments (print mode): each file in order, a text file as `<file name="/abs">\n…\n</file>\n`,
 * an image as `<file name="/abs"></file>\n` and an image part; empty files are skipped.
 */
async function fileArguments(files: readonly string[], cwd: string): Promise<{ ok: true; text: string; images: ImageContent[] } | { ok: false; message: string }> {
	let text = "";
	const images: ImageContent[] = [];
	for (const arg of files) {
		const file = resolvePath(cwd, arg);
		if (!isFile(file)) return fail(`file not found: ${arg}`);
		if (statSync(file).size === 0) continue;
		const image = await readImage(file, basename(file));
		if (image !== undefined && "error" in image) return fail(image.error);
		if (image) {
			images.push(image.image);
			text += `<file name="${file}"></file>\n`;
		} else {
			text += `<file name="${file}">\n${readFileSync(file, "utf8")}\n</file>\n`;
		}
	}
	return { ok: true, text, images };
}

/**
 * Command-line words as pi reads them: every word starting with `@` is a file (see
 * {@link fileArguments}), its text put before the other words, joined by spaces.
 */
export async function promptFromArguments(words: readonly string[], cwd: string): Promise<{ ok: true; text: string; images: ImageContent[] } | { ok: false; message: string }> {
	const files = await fileArguments(words.filter((w) => w.startsWith("@")).map((w) => w.slice(1)), cwd);
	if (!files.ok) return files;
	return { ok: true, text: files.text + words.filter((w) => !w.startsWith("@")).join(" "), images: files.images };
}
