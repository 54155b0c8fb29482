/**
 * What a project's `.arbor/` holds that acts (see trust.ts): the files, their content hash, and
 * what the trust dialog and `arbor trust` show of them. Only read here, never run.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { readSettingsFile, type Settings } from "./settings.js";
import { join, relative, sep } from "node:path";
import { errorMessage } from "../text/error-text.js";
import { resolvePath } from "../tools/paths.js";

/** What a file does, for the listing. */
type PartKind = "settings" | "system prompt" | "extension" | "prompt template" | "skill" | "mcp servers";

/**
 * The project's parts that act, relative to the project folder: a file, or a folder whose files all
 * count (extension modules import their siblings). The coming MCP support adds `.mcp.json` here
 * (`{ path: ".mcp.json", kind: "mcp servers", file: true }`) and asks {@link projectAllowed} in trust.ts
 * before it starts a project's servers; the hash then covers it and a changed one asks again.
 */
const PROJECT_PARTS: readonly { path: string; kind: PartKind; file: boolean }[] = [
	{ path: join(".arbor", "settings.json"), kind: "settings", file: true },
	{ path: join(".arbor", "SYSTEM.md"), kind: "system prompt", file: true },
	{ path: join(".arbor", "APPEND_SYSTEM.md"), kind: "system prompt", file: true },
	{ path: join(".arbor", "extensions"), kind: "extension", file: false },
	{ path: join(".arbor", "prompts"), kind: "prompt template", file: false },
	{ path: join(".arbor", "skills"), kind: "skill", file: false },
];

/** One file that acts: its path (relative to the project, or absolute outside it) and kind. */
type ProjectFile = { path: string; kind: PartKind; abs: string };

/** The settings that matter, as the project's settings.json gives them (see trust-dialog's listing). */
type Highlights = {
	baseUrl?: string;
	model?: string;
	tools?: string[];
	shellCommandPrefix?: string;
	addDirs?: string[];
	checkpointsOff?: boolean;
	/** Extension modules named by the settings (`extensions`), resolved. */
	extensions: string[];
	/** settings.json that cannot be read as settings (then nothing of it applies). */
	problem?: string;
};

/** A project's acting content: its files in a fixed order, their hash and the settings that matter. */
export type ProjectContent = { cwd: string; files: ProjectFile[]; hash: string; highlights: Highlights };

const SKIPPED = new Set(["node_modules"]);

/** Every file below `dir` (dot-names and node_modules left out), sorted. */
function filesBelow(dir: string): string[] {
	const found: string[] = [];
	for (const name of readdirSync(dir).sort()) {
		if (name.startsWith(".") || SKIPPED.has(name)) continue;
		const full = join(dir, name);
		const stat = statSync(full, { throwIfNoEntry: false });
		if (stat?.isDirectory()) found.push(...filesBelow(full));
		else if (stat?.isFile()) found.push(full);
	}
	return found;
}

/** The settings that matter; a settings.json that is no small regular file is the config reader's error (a FIFO must not hang). */
function settingsHighlights(file: string): Highlights {
	let settings: Settings;
	try {
		// The one settings parser: what the listing shows is what a trusted run would read.
		settings = readSettingsFile(file);
	} catch (error) {
		return { extensions: [], problem: errorMessage(error).replace(`${file}: `, "") };
	}
	return {
		baseUrl: settings.baseUrl,
		model: settings.model,
		tools: settings.tools,
		shellCommandPrefix: settings.shellCommandPrefix,
		addDirs: settings.addDirs,
		checkpointsOff: settings.checkpoints === false,
		extensions: (settings.extensions ?? []).map((p) => resolvePath(join(file, ".."), p)),
	};
}

/** The files of `.arbor/` that act, then the extension modules its settings name (outside it too). */
function actingFiles(cwd: string, highlights: Highlights): ProjectFile[] {
	const files: ProjectFile[] = [];
	for (const part of PROJECT_PARTS) {
		const abs = join(cwd, part.path);
		const stat = statSync(abs, { throwIfNoEntry: false });
		if (part.file && stat?.isFile()) files.push({ path: part.path, kind: part.kind, abs });
		if (!part.file && stat?.isDirectory()) files.push(...filesBelow(abs).map((f) => ({ path: relative(cwd, f), kind: part.kind, abs: f })));
	}
	for (const ext of highlights.extensions) {
		const stat = statSync(ext, { throwIfNoEntry: false });
		const named = stat?.isDirectory() ? filesBelow(ext) : stat?.isFile() ? [ext] : [];
		for (const f of named) if (!files.some((known) => known.abs === f)) files.push({ path: f.startsWith(cwd + sep) ? relative(cwd, f) : f, kind: "extension", abs: f });
	}
	return files;
}

/** The project's acting content, or undefined when `.arbor/` holds nothing that acts. */
export function projectContent(cwd: string): ProjectContent | undefined {
	const highlights = settingsHighlights(join(cwd, ".arbor", "settings.json"));
	const files = actingFiles(cwd, highlights);
	if (files.length === 0) return undefined;
	const hash = createHash("sha256");
	for (const file of files) {
		let digest: string;
		try {
			digest = createHash("sha256").update(readFileSync(file.abs)).digest("hex");
		} catch (error) {
			digest = `unreadable: ${errorMessage(error)}`;
		}
		hash.update(`${file.path}\0${digest}\n`);
	}
	return { cwd, files, hash: hash.digest("hex"), highlights };
}
