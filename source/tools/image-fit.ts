/**
 * Pictures made to fit what providers take, as pi does: the longer side at most 2000 px and the
 * base64 data at most 4.5 MB (Anthropic refuses over 5 MB). A picture within both goes as it is;
 * a larger one is turned upright (EXIF), scaled down and encoded as PNG or JPEG, whichever is
 * smaller, then JPEG of lower quality and smaller sizes until it fits. The `sharp` package (libvips)
 * does the work; it is loaded only for a picture that needs it.
 */
import type { ImageContent } from "../session/types.js";
import { byteSize, imageInfo, type ImageInfo } from "../session/image-info.js";
import { errorMessage } from "../text/error-text.js";

const MAX_SIDE = 2000;
/** Base64 characters of one picture's data. */
const MAX_DATA = 4.5 * 1024 * 1024;
/** The largest file sent as it is when sharp cannot be loaded (Anthropic's limit). */
const MAX_UNFITTED_BYTES = 5 * 1024 * 1024;
const JPEG_QUALITIES = [80, 70, 55, 40];
const SMALLEST_SIDE = 64;

/** A picture as it is sent, and, when it was made smaller, what it was. */
type FittedImage = {
	image: ImageContent;
	width?: number;
	height?: number;
	bytes: number;
	from?: { width?: number; height?: number; bytes: number };
};

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** Whether a picture is within the limits as it is. */
export function fits(info: ImageInfo, bytes: number): boolean {
	return base64Length(bytes) <= MAX_DATA && (info.width ?? 0) <= MAX_SIDE && (info.height ?? 0) <= MAX_SIDE;
}

type Sharp = (typeof import("sharp"))["default"];

async function loadSharp(): Promise<Sharp | string> {
	try {
		return (await import("sharp")).default;
	} catch (error) {
		return errorMessage(error).split("\n")[0] ?? "unknown error";
	}
}

/**
 * The picture `bytes` (of kind `info`) ready to send: as it is, or made smaller. An error (one line
 * naming `shown`) when it cannot be read as a picture or made small enough.
 */
export async function fitImage(bytes: Buffer, info: ImageInfo, shown: string): Promise<FittedImage | { error: string }> {
	// Encoded only when it is sent as it is: a picture made smaller never needs its own base64.
	const asIs = (): FittedImage => ({ image: { type: "image", data: bytes.toString("base64"), mimeType: info.mimeType }, width: info.width, height: info.height, bytes: bytes.length });
	if (fits(info, bytes.length)) return asIs();
	const sharp = await loadSharp();
	if (typeof sharp === "string") {
		if (bytes.length <= MAX_UNFITTED_BYTES) return asIs(); // the provider may still take it
		return { error: `${shown} is ${byteSize(bytes.length)}; making it smaller needs the sharp package, which could not be loaded (${sharp})` };
	}
	try {
		const fitted = await smaller(sharp, bytes);
		if (!fitted) return { error: `${shown} cannot be made smaller than ${byteSize((MAX_DATA * 3) / 4)}` };
		return { ...fitted, from: { width: info.width, height: info.height, bytes: bytes.length } };
	} catch (error) {
		return { error: `${shown} cannot be read as a picture: ${errorMessage(error).split("\n")[0]}` };
	}
}

async function smaller(sharp: Sharp, bytes: Buffer): Promise<Omit<FittedImage, "from"> | undefined> {
	// Upright first (EXIF orientation), only the first frame of an animation, as raw pixels: each
	// size is scaled from them once and only its encodings are made.
	const upright = await sharp(bytes, { failOn: "truncated" }).rotate().raw().toBuffer({ resolveWithObject: true });
	const { width, height, channels } = upright.info;
	const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
	let w = Math.max(1, Math.round(width * scale));
	let h = Math.max(1, Math.round(height * scale));
	for (;;) {
		const sized = await sharp(upright.data, { raw: { width, height, channels } }).resize(w, h, { fit: "fill" }).raw().toBuffer({ resolveWithObject: true });
		const pixels = () => sharp(sized.data, { raw: { width: sized.info.width, height: sized.info.height, channels: sized.info.channels } });
		const candidates: { data: Buffer; mimeType: string }[] = [{ data: await pixels().png().toBuffer(), mimeType: "image/png" }];
		for (const quality of JPEG_QUALITIES) {
			candidates.push({ data: await pixels().flatten({ background: "#ffffff" }).jpeg({ quality }).toBuffer(), mimeType: "image/jpeg" });
			// The best quality that fits (PNG if it is smaller still).
			const best = candidates.filter((c) => base64Length(c.data.length) <= MAX_DATA).sort((a, b) => a.data.length - b.data.length)[0];
			if (best) return { image: { type: "image", data: best.data.toString("base64"), mimeType: best.mimeType }, width: w, height: h, bytes: best.data.length };
		}
		if (Math.max(w, h) <= SMALLEST_SIDE) return undefined;
		w = Math.max(1, Math.round(w * 0.75));
		h = Math.max(1, Math.round(h * 0.75));
	}
}

/** How a picture is labelled when it was made smaller: `… 4032×3024, 12 MB, sent as 2000×1500, 412 KB`. */
export function fittedNote(fitted: FittedImage): string {
	if (!fitted.from) return "";
	const size = fitted.width !== undefined && fitted.height !== undefined ? `${fitted.width}×${fitted.height}, ` : "";
	return `sent as ${size}${byteSize(fitted.bytes)}`;
}

/**
 * Image parts from a client (RPC, ACP: base64 data) made to fit as pictures from files are; an
 * error names the part (`image 2`) that cannot be read or made small enough.
 */
export async function fitImageParts(images: readonly ImageContent[]): Promise<ImageContent[] | { error: string }> {
	const out: ImageContent[] = [];
	for (const [i, part] of images.entries()) {
		const bytes = Buffer.from(part.data, "base64");
		const info = imageInfo(bytes.subarray(0, 64 * 1024));
		if (!info || fits(info, bytes.length)) {
			out.push(part); // not a picture arbor reads (the provider judges it), or small enough
			continue;
		}
		const fitted = await fitImage(bytes, info, `image ${i + 1}`);
		if ("error" in fitted) return fitted;
		out.push(fitted.image);
	}
	return out;
}
