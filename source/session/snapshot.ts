import { must } from "../text/must.js";
import type { SessionTreeView } from "./api.js";
import { buildContext } from "./context.js";
import type { TreeIndex } from "./tree-index.js";
import type { SessionContext, SessionEntry, SessionHeader, SessionWarning } from "./types.js";
import { SessionError } from "./types.js";

/**
 * A snapshot of a session: a new object after every change (so React sees a new value), wrapping
 * the shared append-only index. Entries appended later do not change this view's `entries` or
 * `leafId`; lookups (`getEntry`, `getChildren`) may already see them.
 */
export class SessionSnapshot implements SessionTreeView {
	readonly header: SessionHeader;
	readonly leafId: string | null;
	/** The file the entries' byte offsets refer to (undefined in memory). */
	readonly file: string | undefined;
	private readonly index: TreeIndex;
	private readonly size: number;
	/** The context at `leafId`, built on first use: the status line, automatic compaction and /session share it. */
	private leafContext: SessionContext | undefined;

	constructor(opts: { index: TreeIndex; header: SessionHeader; leafId: string | null; file?: string }) {
		this.index = opts.index;
		this.file = opts.file;
		this.header = opts.header;
		this.leafId = opts.leafId;
		this.size = opts.index.entries.length;
	}

	get entries(): readonly SessionEntry[] {
		const all = this.index.entries;
		return all.length === this.size ? all : all.slice(0, this.size);
	}

	get warnings(): readonly SessionWarning[] {
		return this.index.warnings;
	}

	get name(): string | undefined {
		return this.index.name;
	}

	getEntry(id: string): SessionEntry | undefined {
		return this.index.byId.get(id);
	}

	/** The parent the tree uses (cycle breaks and orphans have none). */
	parentOf(entry: SessionEntry): SessionEntry | undefined {
		return this.index.parent(entry);
	}

	getChildren(id: string): readonly SessionEntry[] {
		return this.index.children(id);
	}

	getRoots(): readonly SessionEntry[] {
		return this.index.roots;
	}

	getPath(id: string | null): SessionEntry[] {
		const path: SessionEntry[] = [];
		let current = id === null ? undefined : this.index.byId.get(id);
		while (current) {
			path.push(current);
			current = this.index.parent(current);
		}
		return path.reverse();
	}

	commonAncestor(a: string | null, b: string | null): string | null {
		if (a === null || b === null) return null;
		const onA = new Set<string>();
		for (let e = this.index.byId.get(a); e; e = this.index.parent(e)) onA.add(e.id);
		for (let e = this.index.byId.get(b); e; e = this.index.parent(e)) if (onA.has(e.id)) return e.id;
		return null;
	}

	abandoned(
		oldLeaf: string | null,
		target: string | null,
	): { entries: SessionEntry[]; commonAncestorId: string | null; compaction?: SessionEntry } {
		const commonAncestorId = this.commonAncestor(oldLeaf, target);
		const entries: SessionEntry[] = [];
		let compaction: SessionEntry | undefined;
		for (let e = oldLeaf === null ? undefined : this.index.byId.get(oldLeaf); e; e = this.index.parent(e)) {
			if (e.id === commonAncestorId) break;
			// Older entries are already represented by the compaction's summary.
			if (e.type === "compaction") {
				compaction = e;
				break;
			}
			entries.push(e);
		}
		entries.reverse();
		return compaction ? { entries, commonAncestorId, compaction } : { entries, commonAncestorId };
	}

	/** Where an entry's line starts in `file`, if it is stored there verbatim (fork copies it raw). */
	rawOffset(entry: SessionEntry): number | undefined {
		return this.file === undefined ? undefined : this.index.offsets.get(entry);
	}

	getLabel(id: string): string | undefined {
		return this.index.labels.get(id);
	}

	/**
	 * The context at `leafId` (default this snapshot's leaf). The leaf's context is built once per
	 * snapshot and shared (a snapshot never changes, and later appends do not touch its path): callers
	 * read it and must not change it.
	 */
	buildContext(leafId?: string | null): SessionContext {
		if (leafId !== undefined && leafId !== this.leafId) return buildContext(this, leafId);
		this.leafContext ??= buildContext(this, this.leafId);
		return this.leafContext;
	}

	resolveId(idOrPrefix: string): string {
		if (this.index.byId.has(idOrPrefix)) return idOrPrefix;
		const matches: string[] = [];
		if (idOrPrefix !== "") {
			for (const id of this.index.byId.keys()) if (id.startsWith(idOrPrefix)) matches.push(id);
		}
		if (matches.length === 1) return must(matches[0], "the one match");
		if (matches.length === 0) throw new SessionError("unknown-id", `no entry with id or prefix "${idOrPrefix}"`);
		const shown = matches.slice(0, 5).join(", ");
		const more = matches.length > 5 ? `, … (${matches.length} in all)` : "";
		throw new SessionError("ambiguous", `id prefix "${idOrPrefix}" matches several entries: ${shown}${more}`);
	}
}
