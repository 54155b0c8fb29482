import * as path from "node:path";
import type { SessionTreeView } from "./api.js";
import { type AppendFile, createLockedFile, jsonLine } from "./append-file.js";
import { newEntryId, newSessionId, sessionFileName } from "./ids.js";
import { SessionStore } from "./store.js";
import { TreeIndex, leafOf } from "./tree-index.js";
import { ByteBatch, eachRawLine, type RawLineVisitor } from "./raw-lines.js";
import { SessionSnapshot } from "./snapshot.js";
import type { SessionEntry, SessionHeader } from "./types.js";
import { CURRENT_VERSION, SessionError } from "./types.js";

/** Options of `forkSession`. */
type ForkOptions = {
	source: SessionTreeView;
	/** The source's file, recorded as the new header's `parentSession`. */
	sourceFile?: string;
	/** Last entry to copy (root → entryId); null gives an empty session. */
	entryId: string | null;
	sessionDir: string;
	cwd: string;
};

/**
 * Copy the path root → entryId into a new session file (same ids, every field, unknown types
 * kept), written and fsynced at once. Label entries on the path are dropped and the labels of
 * path entries re-created as fresh label entries at the end, as pi does. Linear in path length;
 * lines stored verbatim in the source file are copied as raw bytes (no re-serialization).
 * Returns the new store, open for writing (locked).
 */
export function forkSession(opts: ForkOptions): SessionStore {
	const { file, header, entries, starts, out, lock } = writeFork(opts);
	const index = TreeIndex.build(entries, { offsets: starts });
	return new SessionStore({ file, header, index, leafId: leafOf(index), mode: "write", out, lock });
}

/**
 * The same copy as `forkSession`, for callers that only need the new file (`arbor fork`): no index
 * is built for it and its lock is released once the file is complete and fsynced.
 */
export function forkToFile(opts: ForkOptions): { file: string; id: string; leafId: string | null } {
	const { file, header, entries, out, lock } = writeFork(opts);
	out.close();
	lock.release();
	return { file, id: header.id, leafId: entries.at(-1)?.id ?? null };
}

function writeFork(opts: ForkOptions) {
	if (opts.entryId !== null && !opts.source.getEntry(opts.entryId)) {
		throw new SessionError("unknown-id", `no entry with id "${opts.entryId}"`);
	}
	const copied = withPromptFiles(opts.source, withoutLabels(opts.source.getPath(opts.entryId)), opts.entryId);
	const entries: SessionEntry[] = [...copied, ...labelEntries(opts.source, copied)];
	const timestamp = new Date().toISOString();
	const header: SessionHeader = { type: "session", version: CURRENT_VERSION, id: newSessionId(), timestamp, cwd: opts.cwd };
	if (opts.sourceFile !== undefined) header.parentSession = opts.sourceFile;
	const file = path.resolve(opts.sessionDir, sessionFileName(timestamp, header.id));
	let starts: number[] = [];
	const { out, lock } = createLockedFile(file, (out) => {
		starts = writeLines(opts.source, entries, jsonLine(header), out);
	});
	return { file, header, entries, starts, out, lock };
}

/**
 * Writes the new file's lines to `out` as they are made: each entry's line copied raw from the
 * source file when the view knows where it is and the bytes still name its id, else
 * JSON.stringify. The source is read in chunks (raw-lines.ts), never whole, and only up to the
 * last line copied. Returns each entry's offset in the new file.
 */
function writeLines(source: SessionTreeView, entries: readonly SessionEntry[], header: Buffer, out: AppendFile): number[] {
	const view = source instanceof SessionSnapshot && source.file !== undefined ? source : undefined;
	const batch = new ByteBatch((bytes) => out.writeBuffers([bytes]));
	const starts: number[] = [];
	let size = header.length;
	batch.push(header);
	const put: RawLineVisitor = (e, buf, start, end) => {
		starts.push(size);
		if (buf) {
			batch.push(buf, start, end + 1);
			size += end + 1 - start;
			return;
		}
		const line = jsonLine(e);
		batch.push(line);
		size += line.length;
	};
	if (view) eachRawLine(view.file as string, entries, (e) => view.rawOffset(e), put);
	else for (const e of entries) put(e, undefined, 0, 0);
	batch.flush();
	return starts;
}

/**
 * Drop label entries from the path. An entry whose parent was a dropped label is re-parented to
 * the nearest kept ancestor (a shallow copy); pi leaves such entries orphaned, breaking the path.
 */
function withoutLabels(path: readonly SessionEntry[]): SessionEntry[] {
	const out: SessionEntry[] = [];
	let keptParent: string | null = null;
	let droppedParent = false;
	for (const e of path) {
		if (e.type === "label") {
			droppedParent = true;
			continue;
		}
		out.push(droppedParent ? { ...e, parentId: keptParent } : e);
		keptParent = e.id;
		droppedParent = false;
	}
	return out;
}

/**
 * The path with, after each prompt, the checkpoint of the files as it was sent (checkpoints/
 * records.ts: a custom `arbor.checkpoint` entry with reason `before-prompt`, a side child of its user
 * message, so the reply still hangs off the message). Not after the last entry: the fork resumes there.
 */
function withPromptFiles(source: SessionTreeView, path: readonly SessionEntry[], last: string | null): SessionEntry[] {
	const promptFiles = (e: SessionEntry) =>
		e.type === "custom" && e.customType === "arbor.checkpoint" && (e as { data?: { reason?: unknown } }).data?.reason === "before-prompt";
	const onPath = new Set(path.map((e) => e.id));
	return path.flatMap((e) => (e.id === last ? [e] : [e, ...source.getChildren(e.id).filter((c) => promptFiles(c) && !onPath.has(c.id))]));
}

/** One fresh label entry per labelled path entry, chained after the copied path (pi's layout). */
function labelEntries(source: SessionTreeView, path: readonly SessionEntry[]): SessionEntry[] {
	const taken = new Set(path.map((e) => e.id));
	const out: SessionEntry[] = [];
	let parentId = path.at(-1)?.id ?? null;
	for (const e of path) {
		const label = source.getLabel(e.id);
		if (label === undefined) continue;
		const id = newEntryId(taken);
		taken.add(id);
		out.push({ type: "label", id, parentId, timestamp: new Date().toISOString(), targetId: e.id, label });
		parentId = id;
	}
	return out;
}
