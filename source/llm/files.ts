import type { SessionEntry } from "../session/types.js";

/** Files a stretch of conversation touched; stored as `details` of summary entries. */
export type FileDetails = { readFiles: string[]; modifiedFiles: string[] };

const READ_TOOLS = new Set(["read"]);
const MODIFY_TOOLS = new Set(["write", "edit"]);

function pathArg(args: Record<string, unknown> | undefined): string | undefined {
	const value = args?.path ?? args?.file_path;
	return typeof value === "string" && value.length > 0 ? value : undefined;
}

function stringList(value: unknown): string[] {
	return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/**
 * Collect read/modified files from the entries' tool calls, merged with the lists of summaries
 * nested among them (and `initial`, e.g. the previous compaction's lists). A file both read and
 * modified counts as modified only. Sorted.
 */
export function collectFiles(entries: readonly SessionEntry[], initial?: FileDetails): FileDetails {
	const read = new Set<string>(initial?.readFiles ?? []);
	const modified = new Set<string>(initial?.modifiedFiles ?? []);
	for (const entry of entries) {
		if (entry.type === "branch_summary" || entry.type === "compaction") {
			const details = entry.details as Partial<Record<keyof FileDetails, unknown>> | undefined;
			for (const file of stringList(details?.readFiles)) read.add(file);
			for (const file of stringList(details?.modifiedFiles)) modified.add(file);
			continue;
		}
		if (entry.type !== "message" || entry.message?.role !== "assistant") continue;
		for (const part of entry.message.content ?? []) {
			if (part.type !== "toolCall") continue;
			const file = pathArg(part.arguments);
			if (!file) continue;
			if (READ_TOOLS.has(part.name)) read.add(file);
			if (MODIFY_TOOLS.has(part.name)) modified.add(file);
		}
	}
	const modifiedFiles = [...modified].sort();
	const readFiles = [...read].filter((file) => !modified.has(file)).sort();
	return { readFiles, modifiedFiles };
}

/** The file blocks appended to a summary; empty blocks are left out. */
export function formatFileBlocks(files: FileDetails): string {
	let out = "";
	if (files.readFiles.length > 0) out += `\n\n<read-files>\n${files.readFiles.join("\n")}\n</read-files>`;
	if (files.modifiedFiles.length > 0) out += `\n\n<modified-files>\n${files.modifiedFiles.join("\n")}\n</modified-files>`;
	return out;
}

/** Read file lists from an entry's `details` (absent or malformed → undefined). */
export function detailsFiles(details: unknown): FileDetails | undefined {
	if (!details || typeof details !== "object") return undefined;
	const d = details as Record<string, unknown>;
	return { readFiles: stringList(d.readFiles), modifiedFiles: stringList(d.modifiedFiles) };
}

/** A summary without its trailing file blocks (they are rebuilt when a summary is updated). */
export function stripFileBlocks(summary: string): string {
	return summary.replace(/(\s*<(read|modified)-files>[\s\S]*?<\/\2-files>)+\s*$/, "");
}
