/**
 * Where an export goes and how it is written: shared by `arbor export` and `/export`. The page is
 * written beside its target and renamed over it, so a reader never sees half a file.
 */
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { CliError } from "../errors.js";
import type { SessionTreeView } from "../session/api.js";
import { exportHtml } from "./export-html.js";

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
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
		throw error;
	}
}

/** The output path: `out` (an existing folder gets the default name inside), else the default in `cwd`. */
export function exportTarget(req: ExportRequest): string {
	if (!req.out) return resolve(req.cwd, defaultName(req));
	const out = resolve(req.cwd, req.out);
	return isDirectory(out) ? join(out, defaultName(req)) : out;
}

function writeAtomically(file: string, text: string): void {
	const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
	try {
		writeFileSync(temp, text);
		renameSync(temp, file);
	} catch (error) {
		rmSync(temp, { force: true });
		throw new CliError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 2);
	}
}

/** Writes the page; refuses to replace the session file itself (exit 2). */
export async function exportToFile(req: ExportRequest): Promise<ExportResult> {
	const file = exportTarget(req);
	if (req.sessionFile !== undefined && resolve(req.sessionFile) === file) {
		throw new CliError(`refusing to overwrite the session file ${file}`, 2);
	}
	const html = await exportHtml(req.view, req.sessionFile ? basename(req.sessionFile) : `session ${req.view.header.id}`);
	writeAtomically(file, html);
	return { file, bytes: Buffer.byteLength(html), entries: req.view.entries.length };
}
