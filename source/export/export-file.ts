/**
 * Where an export goes and how it is written: shared by `arbor export` and `/export`. The page is
 * written beside its target and renamed over it, so a reader never sees half a file.
 */
import { randomBytes } from "node:crypto";
import { closeSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { CliError } from "../config/errors.js";
import type { SessionTreeView } from "../session/api.js";
import { ByteBatch } from "../session/raw-lines.js";
import { exportHtml } from "./export-html.js";
import { errnoCode, errorMessage } from "../text/error-text.js";

type ExportRequest = {
	view: SessionTreeView;
	/** The session file (undefined for an in-memory session). */
	sessionFile: string | undefined;
	/** The requested output path; default: the session file's base name + `.html`. */
	out?: string;
	cwd: string;
};

type ExportResult = { file: string; bytes: number; entries: number };

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
function exportTarget(req: ExportRequest): string {
	if (!req.out) return resolve(req.cwd, defaultName(req));
	const out = resolve(req.cwd, req.out);
	return isDirectory(out) ? join(out, defaultName(req)) : out;
}

/** The page goes to the file in writes of up to this many bytes. */
const WRITE_BATCH = 8 << 20;

/** Writes what `fill` makes into a new `file`; returns the bytes written. */
function writeBatched(file: string, fill: (out: ByteBatch) => void): number {
	const fd = openSync(file, "wx");
	let bytes = 0;
	try {
		const out = new ByteBatch((buf) => {
			for (let done = 0; done < buf.length; ) done += writeSync(fd, buf, done);
			bytes += buf.length;
		}, WRITE_BATCH);
		fill(out);
		out.flush();
	} finally {
		closeSync(fd);
	}
	return bytes;
}

/** Temp file beside `file`, renamed over it once complete. */
function writeAtomically(file: string, fill: (out: ByteBatch) => void): number {
	const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
	try {
		const bytes = writeBatched(temp, fill);
		renameSync(temp, file);
		return bytes;
	} catch (error) {
		rmSync(temp, { force: true });
		throw new CliError(`cannot write ${file}: ${errnoCode(error) ?? errorMessage(error)}`, 2);
	}
}

/**
 * The keys models.json configures join the secrets registry (`arbor export` chooses no model), so the
 * page redacts them as well. The export does not depend on that file: a broken one leaves the
 * registry with the key variables of the environment, and the page is written.
 */
async function registerConfiguredKeys(): Promise<void> {
	const { loadCatalog } = await import("../config/model-config.js");
	await loadCatalog().catch((error: unknown) => void error);
}

/** Writes the page; refuses to replace the session file itself (exit 2). */
export async function exportToFile(req: ExportRequest): Promise<ExportResult> {
	const file = exportTarget(req);
	if (req.sessionFile !== undefined && resolve(req.sessionFile) === file) {
		throw new CliError(`refusing to overwrite the session file ${file}`, 2);
	}
	await registerConfiguredKeys();
	const page = await exportHtml(req.view, req.sessionFile ? basename(req.sessionFile) : `session ${req.view.header.id}`);
	const bytes = writeAtomically(file, page);
	return { file, bytes, entries: req.view.entries.length };
}
