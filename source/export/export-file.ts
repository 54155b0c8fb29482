/**
 * Where an export goes and how it is written: shared by `arbor export` and `/export`. The page is
 * written beside its target and renamed over it, so a reader never sees half a file.
 */
import { randomBytes } from "node:crypto";
import { closeSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { CliError } from "../config/errors.js";
import type { SessionTreeView } from "../session/api.js";
import { exportHtml } from "./export-html.js";
import { errnoCode, errorMessage } from "../text/error-text.js";

export type ExportRequest = {
	view: SessionTreeView;
	/** The session file (undefined for an in-memory session). */
	sessionFile: string | undefined;
	/** The requested output path; default: the session file's base name + `.html`. */
	out?: string;
	cwd: string;
};

export type ExportResult = { file: string; bytes: number; entries: number };

function defaultName(req: ExportRequest): string {
	if (req.sessionFile === undefined) return `session-${req.view.header.id}.html`;
	const name = basename(req.sessionFile);
	return `${name.slice(0, name.length - extname(name).length) || name}.html`;
}

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch (error) {
		if (errnoCode(error) === "ENOENT") return false;
		throw error;
	}
}

/** The output path: `out` (an existing folder gets the default name inside), else the default in `cwd`. */
export function exportTarget(req: ExportRequest): string {
	if (!req.out) return resolve(req.cwd, defaultName(req));
	const out = resolve(req.cwd, req.out);
	return isDirectory(out) ? join(out, defaultName(req)) : out;
}

/** Small chunks (around each escaped `<`) are gathered into writes of up to this many bytes. */
const WRITE_BATCH = 8 << 20;

function writeChunks(file: string, chunks: readonly Buffer[]): void {
	const fd = openSync(file, "wx");
	const writeAll = (buf: Buffer) => {
		for (let done = 0; done < buf.length; ) done += writeSync(fd, buf, done);
	};
	try {
		let batch: Buffer[] = [];
		let size = 0;
		for (const chunk of chunks) {
			if (size + chunk.length > WRITE_BATCH && batch.length > 0) {
				const [only] = batch;
				writeAll(batch.length === 1 && only !== undefined ? only : Buffer.concat(batch, size));
				batch = [];
				size = 0;
			}
			batch.push(chunk);
			size += chunk.length;
		}
		if (batch.length > 0) writeAll(Buffer.concat(batch, size));
	} finally {
		closeSync(fd);
	}
}

function writeAtomically(file: string, chunks: readonly Buffer[]): void {
	const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
	try {
		writeChunks(temp, chunks);
		renameSync(temp, file);
	} catch (error) {
		rmSync(temp, { force: true });
		throw new CliError(`cannot write ${file}: ${errnoCode(error) ?? errorMessage(error)}`, 2);
	}
}

/** Writes the page; refuses to replace the session file itself (exit 2). */
export async function exportToFile(req: ExportRequest): Promise<ExportResult> {
	const file = exportTarget(req);
	if (req.sessionFile !== undefined && resolve(req.sessionFile) === file) {
		throw new CliError(`refusing to overwrite the session file ${file}`, 2);
	}
	const chunks = await exportHtml(req.view, req.sessionFile ? basename(req.sessionFile) : `session ${req.view.header.id}`);
	writeAtomically(file, chunks);
	return { file, bytes: chunks.reduce((n, c) => n + c.length, 0), entries: req.view.entries.length };
}
