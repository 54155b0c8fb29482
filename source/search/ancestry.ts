/**
 * The active path of a session file without building its tree: every entry's id and parent are
 * read off the start of its line (`{"type":…,"id":…,"parentId":…` as pi and arbor write them;
 * other key orders fall back to JSON.parse), then the leaf's chain is walked. Used only for
 * files that have search hits.
 */
import { must } from "../text/must.js";
import { forEachChunk } from "./chunks.js";

/** Sticky: matched in place at a line's start in the chunk, no copy of the line made. */
const HEAD = /\{"type":"([^"\\]*)","id":"([^"\\]*)","parentId":(?:null|"([^"\\]*)")/y;
const LEAF_MARKER = '"customType":"arbor.leaf"';

type Link = { id: string; parentId: string | null; marker: boolean };

function linkOf(latin1: string, start: number, end: number): Link | undefined {
	HEAD.lastIndex = start;
	const m = HEAD.exec(latin1);
	if (m && HEAD.lastIndex <= end) {
		const marker = m[1] === "custom" && latin1.slice(start, end).includes(LEAF_MARKER);
		return { id: must(m[2], "id of a matched line head"), parentId: m[3] ?? null, marker };
	}
	try {
		const e = JSON.parse(Buffer.from(latin1.slice(start, end), "latin1").toString("utf8")) as Record<string, unknown>;
		if (typeof e.id !== "string") return undefined;
		const parentId = typeof e.parentId === "string" ? e.parentId : null;
		return { id: e.id, parentId, marker: e.type === "custom" && e.customType === "arbor.leaf" };
	} catch {
		return undefined; // a damaged line is no entry (the store reports it when the file is opened)
	}
}

const NAME = /\{"type":"session_info"/y;

function nameOf(line: string): string | undefined {
	try {
		const e = JSON.parse(Buffer.from(line, "latin1").toString("utf8")) as Record<string, unknown>;
		return e.type === "session_info" && typeof e.name === "string" && e.name.trim() !== "" ? e.name.trim() : undefined;
	} catch {
		return undefined; // a damaged line is no entry (the store reports it when the file is opened)
	}
}

/** The ids on the path root → leaf of `file` (the leaf as arbor resumes it) and the session's name. */
export function activePath(file: string): { ids: Set<string>; name?: string } {
	let name: string | undefined;
	const parents = new Map<string, string | null>();
	let last: Link | undefined;
	let first = true;
	forEachChunk(file, ({ latin1 }) => {
		let start = 0;
		while (start < latin1.length) {
			let end = latin1.indexOf("\n", start);
			if (end === -1) end = latin1.length;
			if (first) first = false; // the header
			else if (end > start) {
				const link = linkOf(latin1, start, end);
				NAME.lastIndex = start;
				if (link && NAME.test(latin1)) name = nameOf(latin1.slice(start, end)) ?? name;
				if (link) {
					if (!parents.has(link.id)) parents.set(link.id, link.parentId);
					last = link;
				}
			}
			start = end + 1;
		}
	});
	const ids = new Set<string>();
	let id: string | null | undefined = last ? (last.marker ? last.parentId : last.id) : null;
	while (id && !ids.has(id)) {
		ids.add(id);
		id = parents.get(id);
	}
	return name === undefined ? { ids } : { ids, name };
}
