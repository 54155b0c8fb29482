/**
 * Image attachments as people see them: the kind and size of an image read from its header (PNG
 * IHDR, JPEG SOF, GIF screen descriptor, WebP VP8 / VP8L / VP8X) and the `[image: shot.png
 * 1280×720, 84 KB]` line the transcript shows for it. Pure: bytes in, values out.
 */
import { textParts } from "./content.js";

type ImageMime = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** What an image file's header says; width and height are undefined where the header is cut short. */
export type ImageInfo = { mimeType: ImageMime; width?: number; height?: number };

const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const le16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, at: number) => le16(b, at) | ((b[at + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 0x10000 + be16(b, at + 2);
const le32 = (b: Uint8Array, at: number) => le16(b, at) + le16(b, at + 2) * 0x10000;

/** A size only where the header holds its bytes (a cut-off file has a kind, not a size). */
function sized(mimeType: ImageMime, b: Uint8Array, end: number, width: () => number, height: () => number): ImageInfo {
	return b.length >= end ? { mimeType, width: width(), height: height() } : { mimeType };
}

/** JPEG: the first start-of-frame marker (SOF0–SOF15 but DHT C4, JPG C8, DAC CC) holds the size. */
function jpegInfo(b: Uint8Array): ImageInfo {
	let at = 2;
	while (at + 4 <= b.length) {
		if (b[at] !== 0xff) return { mimeType: "image/jpeg" };
		const marker = b[at + 1] ?? 0;
		if (marker === 0xff) {
			at += 1; // fill byte
			continue;
		}
		if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
			at += 2; // markers without a length
			continue;
		}
		if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
			return sized("image/jpeg", b, at + 9, () => be16(b, at + 7), () => be16(b, at + 5));
		}
		at += 2 + be16(b, at + 2);
	}
	return { mimeType: "image/jpeg" };
}

/** WebP: a RIFF file whose first chunk is lossy VP8, lossless VP8L or extended VP8X. */
function webpInfo(b: Uint8Array): ImageInfo {
	const mimeType = "image/webp";
	if (ascii(b, 12, "VP8 ")) return sized(mimeType, b, 30, () => le16(b, 26) & 0x3fff, () => le16(b, 28) & 0x3fff);
	if (ascii(b, 12, "VP8L")) return sized(mimeType, b, 25, () => (le32(b, 21) & 0x3fff) + 1, () => ((le32(b, 21) >>> 14) & 0x3fff) + 1);
	if (ascii(b, 12, "VP8X")) return sized(mimeType, b, 30, () => le24(b, 24) + 1, () => le24(b, 27) + 1);
	return { mimeType };
}

/** The image kind and size from a file's first bytes (64 KB is plenty for JPEG); undefined for anything else. */
export function imageInfo(b: Uint8Array): ImageInfo | undefined {
	if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, "PNG\r\n\x1a\n")) {
		return ascii(b, 12, "IHDR") ? sized("image/png", b, 24, () => be32(b, 16), () => be32(b, 20)) : { mimeType: "image/png" };
	}
	if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpegInfo(b);
	if (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a")) return sized("image/gif", b, 10, () => le16(b, 6), () => le16(b, 8));
	if (ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) return webpInfo(b);
	return undefined;
}

/** `512 B`, `84 KB`, `1.2 MB` (1024-based, as file managers count). */
export function byteSize(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
	const mb = bytes / (1024 * 1024);
	return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** `[image: shot.png 1280×720, 84 KB]`; without a name or a size those parts are left out. */
export function imageLabel(opts: { name?: string; info?: ImageInfo; bytes: number }): string {
	const { name, info, bytes } = opts;
	const size = info?.width !== undefined && info.height !== undefined ? `${info.width}×${info.height}, ` : "";
	return `[image: ${name ? `${name} ` : ""}${size}${byteSize(bytes)}]`;
}

/** The image file names a message's text refers to, in order: `@shot.png`, pi's `<file name="…/shot.png">`, a pasted path. */
export function imageNames(text: string): string[] {
	const names: string[] = [];
	for (const match of text.matchAll(/(?:<file name="([^"]+)">)|([^\s"'<>]+\.(?:png|jpe?g|gif|webp))(?=$|[\s"'<>,;:!?)])/gi)) {
		const path = match[1] ?? match[2] ?? "";
		if (match[1] !== undefined && !/\.(?:png|jpe?g|gif|webp)$/i.test(path)) continue;
		names.push(path.replace(/^@/, "").split(/[\\/]/).pop() ?? path);
	}
	return names;
}

/** The bytes of a base64 string without decoding it all: its length, and the first `head` bytes. */
function base64Bytes(data: string, head: number): { bytes: number; head: Uint8Array } {
	const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
	const bytes = Math.floor((data.length * 3) / 4) - padding;
	return { bytes: Math.max(0, bytes), head: Buffer.from(data.slice(0, Math.ceil(head / 3) * 4), "base64") };
}

/** The label of a stored image part (pi's `{ type: "image", data, mimeType }`), named by the message's text. */
function storedImageLabel(part: { data?: unknown }, name?: string): string {
	const data = typeof part.data === "string" ? part.data : "";
	const { bytes, head } = base64Bytes(data, 64 * 1024);
	return imageLabel({ name, info: imageInfo(head), bytes });
}

/**
 * A user message's text for the transcript: its texts, and each image as its label (named by the
 * image references in the text, in order).
 */
export function userContentText(content: unknown): string {
	if (!Array.isArray(content)) return textParts(content).join("\n");
	const names = imageNames(textParts(content).join("\n"));
	let image = 0;
	const out: string[] = [];
	for (const part of content as { type?: unknown; text?: unknown; data?: unknown }[]) {
		if (part?.type === "text" && typeof part.text === "string" && part.text !== "") out.push(part.text);
		else if (part?.type === "image") out.push(storedImageLabel(part, names[image++]));
	}
	return out.join("\n");
}
