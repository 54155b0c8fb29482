/** `read`: a text file with line numbers, paged by offset/limit and capped in size. */
import { readFile, stat } from "node:fs/promises";
import { must } from "../text/must.js";
import { imageInfo, imageLabel } from "../session/image-info.js";
import { fitImage, fittedNote } from "./image-fit.js";
import { isNotFound, looksBinary, resolvePath } from "./paths.js";
import { ToolError, type ToolResult } from "./result.js";
import { counted } from "../text/count.js";

const READ_DEFAULT_LIMIT = 2000;
const READ_MAX_LINE_CHARS = 2000;
const READ_MAX_BYTES = 50 * 1024;

type ReadArgs = { path: string; offset?: number; limit?: number };
type ReadDetails = { path: string; startLine: number; endLine: number; totalLines: number };

/** Reads `args.path` (relative to cwd) and numbers its lines like `cat -n`. */
export async function readTool(args: ReadArgs, opts: { cwd: string }): Promise<ToolResult<ReadDetails>> {
	const abs = resolvePath(opts.cwd, args.path);
	const buf = await loadFile(abs, args.path);
	const image = imageInfo(buf.subarray(0, 64 * 1024));
	if (image) {
		// The picture goes to the model beside its label (llm/tool-images.ts: as the model takes it).
		// Larger than providers take, it is made smaller first (image-fit.ts) and the label says so.
		const label = imageLabel({ name: args.path, info: image, bytes: buf.length });
		const details = { path: abs, startLine: 0, endLine: 0, totalLines: 0 };
		const fitted = await fitImage(buf, image, args.path);
		if ("error" in fitted) return { output: `${label}: not sent: ${fitted.error}`, details };
		const note = fittedNote(fitted);
		return { output: note ? `${label.slice(0, -1)}, ${note}]` : label, details, images: [{ data: fitted.image.data, mimeType: fitted.image.mimeType }] };
	}
	if (looksBinary(buf)) throw new ToolError(`${args.path} is a binary file`);
	const text = buf.toString("utf8");
	if (text === "") return { output: `${args.path} is empty`, details: { path: abs, startLine: 0, endLine: 0, totalLines: 0 } };
	const lines = text.split(/\r?\n/);
	if (lines[lines.length - 1] === "") lines.pop();
	const offset = Math.max(1, Math.floor(args.offset ?? 1));
	const limit = Math.max(1, Math.floor(args.limit ?? READ_DEFAULT_LIMIT));
	if (offset > lines.length) {
		throw new ToolError(`offset ${offset} is beyond the end of ${args.path} (${counted(lines.length, "line")})`);
	}
	const out: string[] = [];
	let bytes = 0;
	let next = offset;
	const stop = Math.min(lines.length, offset + limit - 1);
	for (; next <= stop; next++) {
		const line = numbered(next, must(lines[next - 1], "line within the file"));
		bytes += Buffer.byteLength(line) + 1;
		// Always show at least one line, otherwise a huge first line could never be read.
		if (bytes > READ_MAX_BYTES && out.length > 0) break;
		out.push(line);
	}
	const endLine = next - 1;
	const remaining = lines.length - endLine;
	if (remaining > 0) out.push(`[... ${counted(remaining, "more line")}; use offset=${endLine + 1} to continue]`);
	return { output: out.join("\n"), details: { path: abs, startLine: offset, endLine, totalLines: lines.length } };
}

function numbered(n: number, line: string): string {
	const cut =
		line.length > READ_MAX_LINE_CHARS
			? `${line.slice(0, READ_MAX_LINE_CHARS)} [... line cut at ${READ_MAX_LINE_CHARS} chars]`
			: line;
	return `${String(n).padStart(6)}\t${cut}`;
}

async function loadFile(abs: string, shown: string): Promise<Buffer> {
	try {
		if ((await stat(abs)).isDirectory()) throw new ToolError(`${shown} is a directory; use ls to list it`);
		return await readFile(abs);
	} catch (error) {
		if (isNotFound(error)) throw new ToolError(`${shown}: no such file`);
		throw error;
	}
}
