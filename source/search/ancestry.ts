/**
 * The active path of a session file without building its tree: every entry's id and parent are
 * read off the start of its line (`{"type":…,"id":…,"parentId":…` as pi and arbor write them;
 * other key orders fall back to JSON.parse), then the leaf's chain is walked. A search that reads
 * every line anyway feeds its lines to a {@link PathCollector} as it scans (one pass); otherwise
 * {@link activePath} reads a file with hits once more.
 */
import { must } from "../text/must.js";
import { forEachChunk } from "./chunks.js";

/** Sticky: matched in place at a line's start, no copy of the line made. */
const HEAD = /\{"type":"([^"\\]*)","id":"([^"\\]*)","parentId":(?:null|"([^"\\]*)")/y;
const LEAF_MARKER = '"customType":"arbor.leaf"';
const NAME = /\{"type":"session_info"/y;

type Link = { id: string; parentId: string | null; marker: boolean };

function linkOf(text: string, start: number, end: number): Link | undefined {
	HEAD.lastIndex = start;
	const m = HEAD.exec(text);
	if (m && HEAD.lastIndex <= end) {
		const marker = m[1] === "custom" && text.slice(start, end).includes(LEAF_MARKER);
		return { id: must(m[2], "id of a matched line head"), parentId: m[3] ?? null, marker };
	}
	try {
		const e = JSON.parse(text.slice(start, end)) as Record<string, unknown>;
		if (typeof e.id !== "string") return undefined;
		const parentId = typeof e.parentId === "string" ? e.parentId : null;
		return { id: e.id, parentId, marker: e.type === "custom" && e.customType === "arbor.leaf" };
	} catch {
		return undefined; // a damaged line is no entry (the store reports it when the file is opened)
	}
}

function nameOf(line: string): string | undefined {
	try {
		const e = JSON.parse(line) as Record<string, unknown>;
		return e.type === "session_info" && typeof e.name === "string" && e.name.trim() !== "" ? e.name.trim() : undefined;
	} catch {
		return undefined; // a damaged line is no entry (the store reports it when the file is opened)
	}
}

export type ActivePath = { ids: Set<string>; name?: string };

/**
 * Collects id → parent links from a file's entry lines (decoded text, in file order, the header
 * left out) and then walks the leaf's chain.
 */
export class PathCollector {
	private name: string | undefined;
	/** Each entry's id and parent, in file order (arrays: cheaper than a map while scanning). */
	private readonly ids: string[] = [];
	private readonly parents: (string | null)[] = [];
	private last: Link | undefined;

	/** The entry line text.slice(start, end) (non-empty, not the header). */
	add(text: string, start: number, end: number): void {
		const link = linkOf(text, start, end);
		if (!link) return;
		NAME.lastIndex = start;
		if (NAME.test(text)) this.name = nameOf(text.slice(start, end)) ?? this.name;
		this.link(link);
	}

	/** An entry line already parsed (`value`: what JSON.parse gave), read as {@link add} reads its text. */
	addParsed(value: unknown): void {
		if (!value || typeof value !== "object") return;
		const e = value as Record<string, unknown>;
		if (typeof e.id !== "string") return;
		if (e.type === "session_info" && typeof e.name === "string" && e.name.trim() !== "") this.name = e.name.trim();
		const parentId = typeof e.parentId === "string" ? e.parentId : null;
		this.link({ id: e.id, parentId, marker: e.type === "custom" && e.customType === "arbor.leaf" });
	}

	private link(link: Link): void {
		this.ids.push(link.id);
		this.parents.push(link.parentId);
		this.last = link;
	}

	/** The ids on the path root → leaf (the leaf as arbor resumes it) and the session's name. */
	result(): ActivePath {
		const last = this.last;
		const leaf = last ? (last.marker ? last.parentId : last.id) : null;
		const ids = this.backwardChain(leaf) ?? chainByMap(leaf, this.ids, this.parents);
		return this.name === undefined ? { ids } : { ids, name: this.name };
	}

	/**
	 * The chain found by one backward pass (a parent is written before its children), or undefined
	 * when the file breaks that assumption (an id written twice, a parent after its child): then
	 * the first line of each id counts, as in the store, and {@link chainByMap} walks it.
	 */
	private backwardChain(leaf: string | null): Set<string> | undefined {
		const { ids, parents } = this;
		const chain = new Map<string, number>(); // id → the line it was found on
		let want = leaf;
		for (let i = ids.length - 1; i >= 0 && want; i--) {
			if (ids[i] !== want) continue;
			chain.set(want, i);
			want = parents[i] ?? null;
			if (want !== null && chain.has(want)) return undefined; // a cycle
		}
		if (want) {
			if (ids.includes(want)) return undefined; // the parent comes after its child
			chain.set(want, -1); // a parent that is no entry of the file ends the path (and is on it)
		}
		for (let i = 0; i < ids.length; i++) {
			const at = chain.get(must(ids[i], "collected id"));
			if (at !== undefined && at > i) return undefined; // an earlier line with the same id
		}
		return new Set(chain.keys());
	}
}

/** The leaf's chain where each id's first line gives its parent. */
function chainByMap(leaf: string | null, idList: readonly string[], parentList: readonly (string | null)[]): Set<string> {
	const parents = new Map<string, string | null>();
	idList.forEach((id, i) => {
		if (!parents.has(id)) parents.set(id, parentList[i] ?? null);
	});
	const ids = new Set<string>();
	let id: string | null | undefined = leaf;
	while (id && !ids.has(id)) {
		ids.add(id);
		id = parents.get(id);
	}
	return ids;
}

/** The active path of `file` and the session's name, from a read of the whole file. */
export function activePath(file: string): ActivePath {
	const collector = new PathCollector();
	let first = true;
	forEachChunk(file, ({ bytes }) => {
		const text = bytes.toString("utf8"); // "\n" is one byte in UTF-8: lines split the same
		for (let start = 0; start < text.length; ) {
			let end = text.indexOf("\n", start);
			if (end === -1) end = text.length;
			if (first) first = false; // the header
			else if (end > start) collector.add(text, start, end);
			start = end + 1;
		}
	});
	return collector.result();
}
