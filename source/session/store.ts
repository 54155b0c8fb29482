// Over 200 lines: one class; open, append, move and the published snapshot share its private state.
import * as path from "node:path";
import { must } from "../text/must.js";
import { redactValue } from "../text/secrets.js";
import type { CreateOptions, OpenOptions, SessionStoreApi, SessionTreeView } from "./api.js";
import { type AppendFile, createLockedFile, jsonLine } from "./append-file.js";
import { newEntryId, newSessionId, sessionFileName } from "./ids.js";
import { writeFailure } from "./io-errors.js";
import { arborHome, sessionDirFor } from "./paths.js";
import { loadSession } from "./load.js";
import type { LockHandle } from "./lock.js";
import { foreignEntries } from "./foreign-lines.js";
import { forgetWriter, holdWriter, type HeldWriter } from "./held-writers.js";
import { TreeIndex, leafOf } from "./tree-index.js";
import { SessionSnapshot } from "./snapshot.js";
import { type ContextEditReplacement, contextEditFields } from "./context-edit.js";
import type { Appended, ContextEditEntry, MessageEntry, NewEntry, SessionEntry, SessionHeader, StoredMessage } from "./types.js";
import { CURRENT_VERSION, LEAF_MARKER_TYPE, SessionError } from "./types.js";

export type { CreateOptions } from "./api.js";

type StoreParts = {
	file: string | undefined;
	header: SessionHeader;
	index: TreeIndex;
	leafId: string | null;
	mode: "read" | "write" | "memory";
	out?: AppendFile;
	/** Opens `out` on the first write (a v1/v2 file is migrated on disk then, not at open). */
	openOut?: () => AppendFile;
	lock?: LockHandle;
};

/**
 * One session file with (optionally) its writer. Appends are O(1): one line written, the index
 * extended in place, a new snapshot object published to subscribers.
 */
export class SessionStore implements SessionStoreApi, HeldWriter {
	readonly file: string | undefined;
	private readonly header: SessionHeader;
	private readonly index: TreeIndex;
	private readonly mode: StoreParts["mode"];
	private out: AppendFile | undefined;
	private openOut: (() => AppendFile) | undefined;
	private lock: LockHandle | undefined;
	private view: SessionSnapshot;
	private closed = false;
	private readonly listeners = new Set<() => void>();
	/** Set on a branch handle (branchAt): the store that owns the file, told of each append. */
	private trunk: SessionStore | undefined;

	/** @internal Use open/create/forkSession. */
	constructor(parts: StoreParts) {
		this.file = parts.file;
		this.header = parts.header;
		this.index = parts.index;
		this.mode = parts.mode;
		this.out = parts.out;
		this.openOut = parts.openOut;
		this.lock = parts.lock;
		this.view = new SessionSnapshot({ index: parts.index, header: parts.header, leafId: parts.leafId, file: parts.file });
		if (parts.lock) holdWriter(parts.lock.path, this);
	}

	/**
	 * Open an existing file. Read-only by default (never locks, migrates only in memory); with
	 * `write` it takes the writer lock, and a v1/v2 file is rewritten once (atomic, with a .bak)
	 * just before the first entry is appended — never by a command that writes nothing.
	 * Throws SessionError not-found | unreadable | bad-header | locked.
	 */
	static open(file: string, opts: OpenOptions = {}): SessionStore {
		const abs = path.resolve(file);
		const loaded = loadSession(abs, opts.write === true, opts.cwd);
		const mode = opts.write ? "write" : "read";
		return new SessionStore({ ...loaded, file: abs, leafId: leafOf(loaded.index), mode });
	}

	/**
	 * Start a new session. Lazy, as pi: nothing is written until the first assistant message is
	 * appended; then the header and every pending entry go to disk at once.
	 */
	static create(opts: CreateOptions): SessionStore {
		const id = newSessionId();
		const timestamp = new Date().toISOString();
		const header: SessionHeader = { type: "session", version: CURRENT_VERSION, id, timestamp, cwd: opts.cwd };
		if (opts.parentSession !== undefined) header.parentSession = opts.parentSession;
		const dir = opts.sessionDir ?? sessionDirFor(opts.cwd, arborHome());
		const file = opts.inMemory ? undefined : path.resolve(dir, sessionFileName(timestamp, id));
		const mode = opts.inMemory ? "memory" : "write";
		return new SessionStore({ file, header, index: TreeIndex.empty(), leafId: null, mode });
	}

	get id(): string {
		return this.header.id;
	}

	get cwd(): string {
		return this.header.cwd;
	}

	/** True once the file exists on disk (a created session is pending until its first assistant message). */
	get persisted(): boolean {
		return this.mode === "read" || this.out !== undefined || this.openOut !== undefined;
	}

	snapshot(): SessionTreeView {
		return this.view;
	}

	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	append<const E extends NewEntry>(entry: E): Appended<E> {
		return this.appendAt(this.view.leafId, entry);
	}

	appendMessage(message: StoredMessage): MessageEntry {
		return this.append({ type: "message", message });
	}

	appendAt<const E extends NewEntry>(parentId: string | null, entry: E): Appended<E> {
		const stored = this.write(parentId, entry);
		this.publish(stored.id);
		return stored as Appended<E>; // write keeps entry's type and fields
	}

	/**
	 * Append under an explicit parent without moving the leaf: a side branch written while the
	 * conversation goes on (a task's sub-conversation, tasks/graft.ts). The file's last line then is
	 * not on the active path; whoever writes aside makes sure an entry of the path (or an arbor.leaf
	 * marker) follows, since pi and arbor read a file's last entry as its leaf.
	 */
	appendAside<const E extends NewEntry>(parentId: string | null, entry: E): Appended<E> {
		const stored = this.write(parentId, entry);
		this.publish(this.view.leafId);
		return stored as Appended<E>;
	}

	moveLeaf(id: string | null, opts: { marker?: boolean } = {}): void {
		this.assertWritable();
		if (id !== null) this.assertKnown(id);
		if (id === this.view.leafId) return;
		// The marker makes the move survive a restart; before the file exists there is nothing to keep.
		if ((this.out || this.openOut) && opts.marker !== false) this.write(id, { type: "custom", customType: LEAF_MARKER_TYPE, data: { leafId: id } });
		this.publish(id);
	}

	setLabel(targetId: string, label: string | undefined): SessionEntry {
		this.assertKnown(targetId);
		return this.append(label === undefined || label === "" ? { type: "label", targetId } : { type: "label", targetId, label });
	}

	appendContextEdit(targetId: string, replacement: ContextEditReplacement): ContextEditEntry {
		return this.append(contextEditFields(this.view, targetId, replacement));
	}

	setName(name: string): SessionEntry {
		return this.append({ type: "session_info", name: name.trim() });
	}

	/**
	 * Another writer handle on this file with its own leaf (fan-out's branches, docs/fanout.md): its
	 * appends go through this store's open file, one whole line each, in the order they are made (one
	 * process, one descriptor, one lock), and this store's snapshot sees them. Its close() only syncs.
	 */
	branchAt(leafId: string | null): SessionStore {
		this.assertWritable();
		if (leafId !== null) this.assertKnown(leafId);
		this.openLazily();
		if (!this.out || this.trunk) throw new SessionError("invalid", "a branch needs the session's own file on disk");
		const branch = new SessionStore({ file: this.file, header: this.header, index: this.index, leafId, mode: "write", out: this.out });
		branch.trunk = this;
		return branch;
	}

	/**
	 * Entries written elsewhere (`arbor sync` in this process, docs/sync.md): their lines appended
	 * verbatim (ids already here are skipped), indexed, and the leaf kept. When the file's last entry
	 * would no longer be the leaf, a leaf marker (`markerData` and the leafId) under it follows, so a
	 * reopen resumes here too. Returns the file's size.
	 */
	mergeLines(lines: readonly Buffer[], markerData: Record<string, unknown>): number {
		this.assertWritable();
		this.openLazily();
		const out = this.out;
		if (!out || this.trunk) throw new SessionError("invalid", "only the store that holds the session's file merges into it");
		const fresh = foreignEntries(lines).filter((f) => !this.index.byId.has(f.entry.id));
		const leaf = this.view.leafId;
		let offsets: number[];
		try {
			offsets = out.writeBuffers(fresh.map((f) => Buffer.concat([f.line, NEWLINE])));
		} catch (error) {
			throw writeFailure(this.file ?? "(in memory)", "append to", error);
		}
		fresh.forEach((f, i) => this.index.add(f.entry, offsets[i]));
		if (fresh.length > 0 && leafOf(this.index) !== leaf) this.write(leaf, { type: "custom", customType: LEAF_MARKER_TYPE, data: { ...markerData, leafId: leaf } });
		this.sync();
		this.publish(leaf);
		return out.bytes;
	}

	/** A store opened for appends opens its file at the first write (`openOut`), once. */
	private openLazily(): void {
		if (!this.openOut) return;
		this.out = this.openOut();
		this.openOut = undefined;
	}

	sync(): void {
		try {
			this.out?.sync();
		} catch (error) {
			throw writeFailure(this.file ?? "(in memory)", "sync", error);
		}
	}

	syncSoon(): void {
		this.out?.syncSoon();
	}

	/** Syncs and closes the file and releases the lock — the lock also when the final sync fails (thrown as a SessionError). */
	close(): void {
		if (this.closed) return;
		this.closed = true;
		if (this.trunk) {
			this.sync();
			this.out = undefined;
			return;
		}
		const out = this.out;
		this.out = undefined;
		this.openOut = undefined;
		try {
			out?.close();
		} catch (error) {
			throw writeFailure(this.file ?? "(in memory)", "sync", error);
		} finally {
			if (this.lock) forgetWriter(this.lock.path, this);
			this.lock?.release();
			this.lock = undefined;
		}
	}

	private write(parentId: string | null, entry: NewEntry): SessionEntry {
		this.assertWritable();
		if (parentId !== null) this.assertKnown(parentId);
		// A provider key never reaches a session file, whatever put it in the entry (text/secrets.ts).
		const { type, id: _id, parentId: _parent, timestamp: _time, ...rest } = redactValue(entry);
		const stored = {
			type,
			id: newEntryId(this.index.byId),
			parentId,
			timestamp: new Date().toISOString(),
			...rest,
		} as SessionEntry;
		// Disk first: if the write fails, memory must not claim the entry exists.
		this.openLazily();
		if (this.out) this.index.add(stored, this.appendLine(this.out, stored));
		else if (this.mode === "write" && isAssistantMessage(stored)) this.flushNew(stored);
		else this.index.add(stored); // pending (lazy creation) or in memory
		this.trunk?.publish(this.trunk.view.leafId);
		return stored;
	}

	/** One line appended; a full disk or another fs failure is a SessionError naming the file (exit 2). */
	private appendLine(out: AppendFile, entry: SessionEntry): number {
		try {
			return out.writeLine(entry);
		} catch (error) {
			throw writeFailure(this.file ?? "(in memory)", "append to", error);
		}
	}

	/** First assistant message: create the file with the header and everything pending. */
	private flushNew(first: SessionEntry): void {
		const pending = [...this.index.entries, first];
		let created: ReturnType<typeof createLockedFile>;
		try {
			created = createLockedFile(this.file as string, [this.header, ...pending].map(jsonLine));
		} catch (error) {
			throw writeFailure(this.file as string, "create", error);
		}
		for (let i = 0; i < pending.length - 1; i++) this.index.offsets.set(must(pending[i], "pending entry"), must(created.offsets[i + 1], "line offset"));
		this.index.add(first, must(created.offsets[pending.length], "line offset"));
		this.lock = created.lock;
		this.out = created.out;
		holdWriter(created.lock.path, this);
	}

	private publish(leafId: string | null): void {
		this.view = new SessionSnapshot({ index: this.index, header: this.header, leafId, file: this.file });
		for (const listener of [...this.listeners]) listener();
	}

	private assertWritable(): void {
		if (this.closed) throw new SessionError("invalid", "session is closed");
		if (this.mode === "read") throw new SessionError("invalid", `session ${this.file} is open read-only`);
	}

	private assertKnown(id: string): void {
		if (!this.index.byId.has(id)) throw new SessionError("unknown-id", `no entry with id "${id}"`);
	}
}

const NEWLINE = Buffer.from("\n");

function isAssistantMessage(entry: SessionEntry): boolean {
	return entry.type === "message" && entry.message?.role === "assistant";
}
