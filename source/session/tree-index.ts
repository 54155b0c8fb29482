// Over 200 lines: the index's build, appends and lookups share its position tables; the entries' byte offsets and the leaf rule sit with them.
import { must } from "../text/must.js";
import { findCycleBreaks } from "./cycles.js";
import type { SessionEntry, SessionWarning } from "./types.js";
import { LEAF_MARKER_TYPE } from "./types.js";
import { placedOffset } from "./body-head.js";

const NO_CHILDREN: readonly SessionEntry[] = Object.freeze([]);

function stamp(entry: SessionEntry): string {
	return typeof entry.timestamp === "string" ? entry.timestamp : "";
}

/** Entries by id (the first of each id), over an index's positions. */
class EntriesById {
	constructor(
		private readonly at: ReadonlyMap<string, number>,
		private readonly entries: readonly SessionEntry[],
	) {}

	get(id: string): SessionEntry | undefined {
		const i = this.at.get(id);
		return i === undefined ? undefined : this.entries[i];
	}

	has(id: string): boolean {
		return this.at.has(id);
	}

	keys(): IterableIterator<string> {
		return this.at.keys();
	}
}

/**
 * The indexes of one session file, built in one pass over the entries and then extended by
 * `add` in O(1) amortized per append (no re-index). Mutable and append-only: views wrap it.
 * Entries are known by their position in `entries`: one Map from id to position, and children
 * by the parent's position (a Map lookup per link, not three: 100k-entry trees, issue 17 item 15).
 */
export class TreeIndex {
	readonly entries: SessionEntry[];
	/** Position of each id's first occurrence (later duplicates stay in `entries` but are not in the tree). */
	private readonly at: Map<string, number>;
	readonly byId: EntriesById;
	readonly roots: SessionEntry[] = [];
	readonly labels = new Map<string, string>();
	name: string | undefined;
	/** The stamp (timestamp, id) of the label entry in force per target and of the name: the newest wins (see noteMeta). */
	private readonly metaStamps = new Map<string, string>();
	readonly warnings: SessionWarning[];
	/** Byte offset of each entry's line in `rawFile`, when the entry is stored there verbatim. */
	readonly offsets = new EntryOffsets();
	/**
	 * Children by the parent's position: an only child is held as itself, a list once there are
	 * two (most entries have one child; a one-slot list and its array are ~56 bytes each, issue 17
	 * item 16).
	 */
	private readonly kids: (SessionEntry | SessionEntry[] | undefined)[] = [];
	/** Entries whose parent link closes a cycle: treated as roots. */
	private readonly cut: Set<SessionEntry>;

	private constructor(parts: { warnings: SessionWarning[]; cut: Set<SessionEntry>; at: Map<string, number>; entries: SessionEntry[] }) {
		this.warnings = parts.warnings;
		this.cut = parts.cut;
		this.at = parts.at;
		this.entries = parts.entries;
		this.byId = new EntriesById(this.at, this.entries);
	}

	/** An empty index (new session). */
	static empty(): TreeIndex {
		return new TreeIndex({ warnings: [], cut: new Set(), at: new Map(), entries: [] });
	}

	/**
	 * Index parsed (and migrated) entries. `lines` gives each entry's line number for warnings.
	 * Reports orphans, duplicate ids and parent cycles; never loops on a broken parent chain.
	 */
	static build(
		entries: SessionEntry[],
		opts: { warnings?: SessionWarning[]; lines?: number[]; offsets?: number[] } = {},
	): TreeIndex {
		const warnings = opts.warnings ? [...opts.warnings] : [];
		const lineOf = (i: number): number | undefined => opts.lines?.[i];
		const dupes = new Set<SessionEntry>();
		const suspects: SessionEntry[] = [];
		const at = new Map<string, number>();
		for (let i = 0; i < entries.length; i++) {
			const e = must(entries[i], "entry");
			if (at.has(e.id)) {
				dupes.add(e);
				warnings.push({ kind: "duplicate-id", id: e.id, line: lineOf(i), message: `duplicate id ${e.id}: later entry kept but not linked` });
				continue;
			}
			// A parent that appears later in the file is the only way a cycle can start.
			if (typeof e.parentId === "string" && !at.has(e.parentId)) suspects.push(e);
			at.set(e.id, i);
		}
		const cut = findCycleBreaks(suspects, new EntriesById(at, entries));
		const index = new TreeIndex({ warnings, cut, at, entries: [] });
		for (const e of cut) warnings.push({ kind: "cycle", id: e.id, message: `parent cycle at ${e.id}: treated as a root` });
		const unsorted = new Set<SessionEntry[]>();
		// One slot per entry before linking (a parent may come later in the file), pushed: a list
		// assigned far past its end would become a slow dictionary.
		for (let i = 0; i < entries.length; i++) index.kids.push(undefined);
		for (let i = 0; i < entries.length; i++) {
			const e = must(entries[i], "entry");
			index.entries.push(e);
			if (opts.offsets) index.offsets.set(e, must(opts.offsets[i], "entry offset"));
			if (dupes.has(e)) continue;
			const orphan = index.link(e, unsorted);
			if (orphan) warnings.push({ kind: "orphan", id: e.id, line: lineOf(i), message: `entry ${e.id}: parent ${e.parentId} not found, shown as a root` });
			index.noteMeta(e);
		}
		for (const list of unsorted) list.sort((a, b) => (stamp(a) < stamp(b) ? -1 : stamp(a) > stamp(b) ? 1 : 0));
		return index;
	}

	/** Append one new entry (fresh id, existing or null parent), written at byte `offset`. */
	add(entry: SessionEntry, offset?: number): void {
		this.at.set(entry.id, this.entries.length);
		this.entries.push(entry);
		this.kids.push(undefined);
		if (offset !== undefined) this.offsets.set(entry, offset);
		const list = this.parentList(entry);
		if (!list) return this.noteMeta(entry);
		// New entries normally carry the newest timestamp; otherwise insert in order (stable).
		let at = list.length;
		while (at > 0 && stamp(must(list[at - 1], "sibling")) > stamp(entry)) at--;
		list.splice(at, 0, entry);
		this.noteMeta(entry);
	}

	/** The position in `entries` of the first entry with id `id`. */
	positionOf(id: unknown): number | undefined {
		return typeof id === "string" ? this.at.get(id) : undefined;
	}

	children(id: string): readonly SessionEntry[] {
		const i = this.at.get(id);
		const kids = i === undefined ? undefined : this.kids[i];
		if (kids === undefined) return NO_CHILDREN;
		return Array.isArray(kids) ? kids : [kids];
	}

	/** The parent the tree uses (undefined for roots, orphans and cycle breaks). */
	parent(entry: SessionEntry): SessionEntry | undefined {
		const i = this.parentAt(entry);
		return i === undefined ? undefined : this.entries[i];
	}

	/** The position of the parent the tree uses. */
	private parentAt(entry: SessionEntry): number | undefined {
		if (typeof entry.parentId !== "string" || this.cut.has(entry)) return undefined;
		return this.at.get(entry.parentId);
	}

	/** Returns true when the entry names a parent that does not exist. */
	private link(e: SessionEntry, unsorted: Set<SessionEntry[]>): boolean {
		const list = this.parentList(e);
		if (!list) return false; // the first child: its list was made holding it
		const last = list[list.length - 1];
		if (last && stamp(last) > stamp(e)) unsorted.add(list);
		list.push(e);
		return list === this.roots && typeof e.parentId === "string" && !this.cut.has(e);
	}

	/**
	 * The list `e` joins: the roots, or its parent's children. A parent's first child is held as
	 * itself (undefined is returned then); the second makes the list.
	 */
	private parentList(e: SessionEntry): SessionEntry[] | undefined {
		const p = this.parentAt(e);
		if (p === undefined) return this.roots;
		const kids = this.kids[p];
		if (kids === undefined) {
			this.kids[p] = e;
			return undefined;
		}
		if (Array.isArray(kids)) return kids;
		const list = [kids];
		this.kids[p] = list;
		return list;
	}

	/**
	 * Labels and the name: the newest entry wins by timestamp (ties by id), not by place in the file,
	 * so two copies that `arbor sync` merged in different orders agree. In a file written in one place
	 * the two orders are the same.
	 */
	private noteMeta(e: SessionEntry): void {
		if (e.type === "label" && typeof e.targetId === "string") {
			if (!this.newest(`l:${e.targetId}`, e)) return;
			if (typeof e.label === "string" && e.label !== "") this.labels.set(e.targetId, e.label);
			else this.labels.delete(e.targetId);
		} else if (e.type === "session_info" && typeof e.name === "string" && e.name !== "") {
			if (this.newest("name", e)) this.name = e.name;
		}
	}

	/** Records `e` as the newest for `key` unless an entry already recorded is newer. */
	private newest(key: string, e: SessionEntry): boolean {
		const stamp = `${typeof e.timestamp === "string" ? e.timestamp : ""}\u0000${e.id}`;
		const before = this.metaStamps.get(key);
		if (before !== undefined && before > stamp) return false;
		this.metaStamps.set(key, stamp);
		return true;
	}
}

/**
 * Entry → byte offset of its line. An entry whose bodies stay in the file already holds that
 * offset (see placedOffset): it is not held twice (a 100k-entry map is ~3.7 MB, issue 17 item 16).
 */
class EntryOffsets {
	private readonly held = new Map<SessionEntry, number>();
	/** Set once an offset was left to its entry: only then is an entry's own offset an answer. */
	private placed = false;

	set(entry: SessionEntry, offset: number): void {
		if (placedOffset(entry) === offset) {
			this.placed = true;
			this.held.delete(entry);
		} else this.held.set(entry, offset);
	}

	get(entry: SessionEntry): number | undefined {
		const held = this.held.get(entry);
		return held !== undefined || !this.placed ? held : placedOffset(entry);
	}
}

/**
 * The leaf a file resumes at: its last entry, or, when that is an arbor.leaf marker, the
 * marker's parent (null when the marker is a root, i.e. the leaf was moved before everything).
 */
export function leafOf(index: TreeIndex): string | null {
	const last = index.entries[index.entries.length - 1];
	if (!last) return null;
	if (isLeafMarker(last)) {
		const parent = index.parent(last);
		return parent ? parent.id : null;
	}
	return index.byId.get(last.id) ? last.id : null;
}

/** True for the marker entry arbor appends when the leaf moves without another write. */
export function isLeafMarker(entry: SessionEntry): boolean {
	return entry.type === "custom" && entry.customType === LEAF_MARKER_TYPE;
}
