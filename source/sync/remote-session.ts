/**
 * One session on the remote: a commit under `refs/arbor/sessions/<session id>` whose tree is
 * `header.json` (the session's header line), `entries/<n>.jsonl` (the entries, in chunks appended
 * one per sync that had something new: each chunk's parents are in it or in an earlier chunk),
 * `authors/<n>.json` (who pushed chunk n: `{host, user}`), `checkpoints/<tree>` (the checkpoint
 * trees the entries name, with their files) and `modes/<tree>` (their files' exact permissions).
 * A sync adds a commit on top of the one it fetched, so a push is always a fast-forward.
 */
import type { GitPlace } from "../checkpoints/git.js";
import { type Got } from "../checkpoints/git.js";
import { catFileRounds } from "./cat-file.js";
import { lineHead } from "./line-head.js";

/** A chunk of entries and who pushed it. */
type RemoteChunk = { name: string; author?: { host: string; user: string } };

/** One remote entry: its id and line (no newline), the chunk it came in, and whether it was parsed whole (see line-head.ts). */
export type RemoteEntry = { id: string; line: Buffer; chunk: string; checked: boolean };

/** What a session's remote commit holds. */
export type RemoteSession = {
	commit: string;
	headerLine: string;
	entries: RemoteEntry[];
	ids: Set<string>;
	chunks: RemoteChunk[];
	/** Top-level tree listing, by name: `mode type id`. */
	top: Map<string, string>;
	/** Listing of each subtree (`entries`, `authors`, `checkpoints`, `modes`): name → `mode type id`. */
	sub: Map<string, Map<string, string>>;
};

/** A remote ref whose content is not a session commit of this layout. */
export class DamagedRef extends Error {}

const SUBTREES = ["entries", "authors", "checkpoints", "modes"] as const;

const idOf = (row: string | undefined) => row?.split(" ")[2];

/** Reads several objects by id, in order; a missing one is a DamagedRef. */
export async function readObjects(place: GitPlace, ids: readonly string[]): Promise<Buffer[]> {
	if (ids.length === 0) return [];
	return present((await catFileRounds(place, ids, () => []))[0], ids);
}

function present(got: readonly Got[], ids: readonly string[]): Buffer[] {
	return got.map((g, i) => {
		if (!g) throw new DamagedRef(`object ${ids[i]} is missing`);
		return g.data;
	});
}

/** A binary tree object as `name → "mode type id"` (ls-tree's columns). */
function treeRows(data: Buffer | undefined): Map<string, string> {
	const rows = new Map<string, string>();
	let at = 0;
	while (data && at < data.length) {
		const space = data.indexOf(0x20, at);
		const nul = data.indexOf(0, space);
		const mode = data.toString("utf8", at, space).padStart(6, "0");
		const id = data.toString("hex", nul + 1, nul + 21);
		rows.set(data.toString("utf8", space + 1, nul), `${mode} ${mode.startsWith("04") ? "tree" : mode === "160000" ? "commit" : "blob"} ${id}`);
		at = nul + 21;
	}
	return rows;
}

type Shape = { id: string; top: Map<string, string>; sub: Map<string, Map<string, string>>; chunks: string[]; authors: string[] };

/** A session commit's trees (top, then SUBTREES) as read; throws DamagedRef when they are no session's. */
function shapeOf(id: string, trees: readonly Got[], prefix: string): Shape {
	if (trees[0]?.type !== "tree") throw new DamagedRef(`${prefix}${id} is damaged: it names no session commit`);
	const top = treeRows(trees[0].data);
	const sub = new Map(SUBTREES.map((name, k) => [name, treeRows(trees[1 + k]?.data)] as const));
	if (!top.has("header.json")) throw new DamagedRef(`${prefix}${id} is damaged: it has no header.json`);
	const chunks = [...(sub.get("entries") as Map<string, string>).keys()].filter((n) => n.endsWith(".jsonl")).sort();
	const authors = chunks.map((n) => n.replace(/\.jsonl$/, ".json")).filter((n) => sub.get("authors")?.has(n));
	return { id, top, sub, chunks, authors };
}

/** Reads the sessions remote refs name (id → commit), all at once. Throws DamagedRef when one is not a session commit. */
export async function readRemotes(place: GitPlace, refs: ReadonlyMap<string, string>, prefix: string): Promise<Map<string, RemoteSession>> {
	const ids = [...refs.keys()];
	const paths = ["", ...SUBTREES];
	const exprs = ids.flatMap((id) => paths.map((p) => (p === "" ? `${refs.get(id)}^{tree}` : `${refs.get(id)}:${p}`)));
	let shapes: Shape[] = [];
	let wanted: string[] = [];
	// One cat-file for both rounds: the trees, then the blobs they name.
	const [, got] = await catFileRounds(place, exprs, (trees) => {
		shapes = ids.map((id, i) => shapeOf(id, trees.slice(i * paths.length, (i + 1) * paths.length), prefix));
		wanted = shapes.flatMap((s) => [idOf(s.top.get("header.json")), ...s.chunks.map((n) => idOf(s.sub.get("entries")?.get(n))), ...s.authors.map((n) => idOf(s.sub.get("authors")?.get(n)))]) as string[];
		return wanted;
	});
	const blobs = present(got, wanted);
	const out = new Map<string, RemoteSession>();
	let at = 0;
	for (const s of shapes) {
		const take = (n: number) => blobs.slice(at, (at += n));
		const [header] = take(1);
		const chunkBlobs = take(s.chunks.length);
		const authors = new Map(take(s.authors.length).map((b, i) => [(s.authors[i] ?? "").replace(/\.json$/, ".jsonl"), parseAuthor(b)]));
		const entries: RemoteEntry[] = [];
		const seen = new Set<string>();
		s.chunks.forEach((name, i) => eachEntry(chunkBlobs[i] as Buffer, name, entries, seen));
		const commit = refs.get(s.id) ?? "";
		out.set(s.id, { commit, headerLine: (header as Buffer).toString("utf8").trim(), entries, ids: seen, chunks: s.chunks.map((name) => ({ name, author: authors.get(name) })), top: s.top, sub: s.sub });
	}
	return out;
}

function parseAuthor(buf: Buffer): { host: string; user: string } | undefined {
	try {
		const v = JSON.parse(buf.toString("utf8")) as { host?: unknown; user?: unknown };
		return typeof v.host === "string" && typeof v.user === "string" ? { host: v.host, user: v.user } : undefined;
	} catch {
		return undefined;
	}
}

function eachEntry(blob: Buffer, chunk: string, into: RemoteEntry[], ids: Set<string>): void {
	let start = 0;
	while (start < blob.length) {
		let nl = blob.indexOf(0x0a, start);
		if (nl < 0) nl = blob.length;
		const line = blob.subarray(start, nl);
		start = nl + 1;
		const head = lineHead(line, 0, line.length);
		const id = head ? head.id : idFromLine(line);
		if (id === undefined || ids.has(id)) continue;
		ids.add(id);
		into.push({ id, line, chunk, checked: !head });
	}
}

function idFromLine(line: Buffer): string | undefined {
	try {
		const v = JSON.parse(line.toString("utf8")) as { id?: unknown };
		return typeof v.id === "string" ? v.id : undefined;
	} catch {
		return undefined;
	}
}
