import type {
	Appended,
	ContextEditEntry,
	MessageEntry,
	SessionContext,
	SessionEntry,
	SessionHeader,
	SessionWarning,
	NewEntry,
	StoredMessage,
} from "./types.js";

/**
 * The read side of a session tree: an immutable snapshot of one file's entries and indexes.
 * Every walk is linear in the depth of the path it follows.
 */
export interface SessionTreeView {
	readonly header: SessionHeader;
	/** The session's file (undefined in memory). */
	readonly file?: string | undefined;
	/** All entries in file order (arbor.leaf markers included). */
	readonly entries: readonly SessionEntry[];
	/** The current leaf id (markers resolved to their parent), or null for an empty conversation. */
	readonly leafId: string | null;
	readonly warnings: readonly SessionWarning[];
	getEntry(id: string): SessionEntry | undefined;
	/** Children ordered by timestamp, ties in file order. */
	getChildren(id: string): readonly SessionEntry[];
	/** Entries with no (existing) parent, in the same order. */
	getRoots(): readonly SessionEntry[];
	/** root → id (inclusive); [] for null. */
	getPath(id: string | null): SessionEntry[];
	/** The deepest entry on both paths, or null. */
	commonAncestor(a: string | null, b: string | null): string | null;
	/**
	 * Entries abandoned when the leaf moves from `oldLeaf` to `target`, oldest first: old leaf back to
	 * (not including) the common ancestor, stopping early at a compaction (returned as `compaction`).
	 */
	abandoned(oldLeaf: string | null, target: string | null): {
		entries: SessionEntry[];
		commonAncestorId: string | null;
		compaction?: SessionEntry;
	};
	/** The newest label for an entry, if any. */
	getLabel(id: string): string | undefined;
	/** The session name (newest non-empty session_info), if any. */
	readonly name: string | undefined;
	/** What the model receives from `leafId` (default: the current leaf). */
	buildContext(leafId?: string | null): SessionContext;
	/** Resolve an entry id or unique prefix; throws SessionError("unknown-id" | "ambiguous"). */
	resolveId(idOrPrefix: string): string;
}

/** Options for `SessionStore.create`. */
export type CreateOptions = {
	cwd: string;
	/** Folder for the file; default `sessionDirFor(cwd, arborHome())`. */
	sessionDir?: string;
	/** Never touch the disk. */
	inMemory?: boolean;
	/** Written into the header (set by forks). */
	parentSession?: string;
};

/** Options for opening or creating a session. */
export type OpenOptions = {
	/** Take the writer lock; v1/v2 files migrate on disk (atomic, with .bak) at the first write. Default false. */
	write?: boolean;
	/** The folder an empty file's new session names in its header (default: the process's cwd). */
	cwd?: string;
};

/**
 * A session file with a writer: appends are one line each, fsynced at `sync()`.
 * `snapshot()` is stable between changes (same object) so React can subscribe to it.
 */
import type { ContextEditReplacement } from "./context-edit.js";

export interface SessionStoreApi {
	/** Absolute file path; the file may not exist yet (lazy creation). Undefined in memory. */
	readonly file: string | undefined;
	readonly id: string;
	readonly cwd: string;
	snapshot(): SessionTreeView;
	subscribe(listener: () => void): () => void;
	/** Append a child of the current leaf and move the leaf to it. Returns the stored entry. */
	append<const E extends NewEntry>(entry: E): Appended<E>;
	appendMessage(message: StoredMessage): MessageEntry;
	/** Append under an explicit parent (null = new root) and make it the leaf. */
	appendAt<const E extends NewEntry>(parentId: string | null, entry: E): Appended<E>;
	/**
	 * Move the leaf without another write; records an arbor.leaf marker so the move survives, unless
	 * `marker: false` (an entry that follows at once records the position itself).
	 */
	moveLeaf(id: string | null, opts?: { marker?: boolean }): void;
	setLabel(targetId: string, label: string | undefined): SessionEntry;
	setName(name: string): SessionEntry;
	/**
	 * pi 1.6's context edit of an entry on the current branch: `null` leaves it out of the model's
	 * context from here on (this branch only), `{content}` replaces its content there. The entry
	 * itself stays as it is in the file and the views. Throws SessionError for a target that gives
	 * the model no content or is not on the branch.
	 */
	appendContextEdit(targetId: string, replacement: ContextEditReplacement): ContextEditEntry;
	/** fsync the file (before exit, before a rename or a copy relies on it). */
	sync(): void;
	/**
	 * fsync the file in the background (end of turn): the caller does not wait for the disk; the
	 * next sync() or close() waits for nothing less, and throws a failure of this one.
	 */
	syncSoon(): void;
	/** sync + release the writer lock. */
	close(): void;
}
