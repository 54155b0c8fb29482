/**
 * One session on the remote: a commit under `refs/arbor/sessions/<session id>` whose tree is
 * `header.json` (the session's header line), `entries/<n>.jsonl` (the entries, in chunks appended
 * one per sync that had something new: each chunk's parents are in it or in an earlier chunk),
 * `authors/<n>.json` (who pushed chunk n: `{host, user}`), `checkpoints/<tree>` (the checkpoint
 * trees the entries name, with their files) and `modes/<tree>` (their files' exact permissions).
 * A sync adds a commit on top of the one it fetched, so a push is always a fast-forward.
 */
import type { GitPlace } from "../checkpoints/git.js";
import { storeGit } from "./git-run.js";

/** A chunk of entries and who pushed it. */
export type RemoteChunk = { name: string; author?: { host: string; user: string } };

/** One remote entry: its id and line (no newline), and the chunk it came in. */
export type RemoteEntry = { id: string; line: Buffer; chunk: string };

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

function listing(text: string): Map<string, string> {
	const out = new Map<string, string>();
	for (const line of text.split("\n")) {
		const tab = line.indexOf("\t");
		if (tab > 0) out.set(line.slice(tab + 1), line.slice(0, tab));
	}
	return out;
}

const idOf = (row: string | undefined) => row?.split(" ")[2];

/** Reads several objects through one `git cat-file --batch`, in order. */
export async function readObjects(place: GitPlace, ids: readonly string[]): Promise<Buffer[]> {
	if (ids.length === 0) return [];
	const out = await storeGit(place, ["cat-file", "--batch"], `${ids.join("\n")}\n`);
	const blobs: Buffer[] = [];
	let at = 0;
	for (const id of ids) {
		const end = out.indexOf(0x0a, at);
		const header = out.subarray(at, end).toString("utf8").split(" ");
		if (end < 0 || header[1] === "missing") throw new DamagedRef(`object ${id} is missing`);
		const size = Number(header[2]);
		blobs.push(out.subarray(end + 1, end + 1 + size));
		at = end + 1 + size + 1;
	}
	return blobs;
}

/** Reads the session a remote ref's commit holds. Throws DamagedRef when it is not one. */
export async function readRemote(place: GitPlace, commit: string, ref: string): Promise<RemoteSession> {
	const type = (await storeGit(place, ["cat-file", "-t", commit])).toString("utf8").trim();
	if (type !== "commit") throw new DamagedRef(`${ref} is damaged: it names a ${type}, not a commit`);
	const top = listing((await storeGit(place, ["ls-tree", commit])).toString("utf8"));
	const sub = new Map<string, Map<string, string>>();
	for (const name of SUBTREES) {
		const id = idOf(top.get(name));
		sub.set(name, id ? listing((await storeGit(place, ["ls-tree", id])).toString("utf8")) : new Map());
	}
	const headerId = idOf(top.get("header.json"));
	if (!headerId) throw new DamagedRef(`${ref} is damaged: it has no header.json`);
	const chunkNames = [...(sub.get("entries") as Map<string, string>).keys()].filter((n) => n.endsWith(".jsonl")).sort();
	const authorNames = chunkNames.map((n) => n.replace(/\.jsonl$/, ".json")).filter((n) => sub.get("authors")?.has(n));
	const wanted = [headerId, ...chunkNames.map((n) => idOf(sub.get("entries")?.get(n)) as string), ...authorNames.map((n) => idOf(sub.get("authors")?.get(n)) as string)];
	const blobs = await readObjects(place, wanted);
	const headerLine = (blobs[0] as Buffer).toString("utf8").trim();
	const authors = new Map(authorNames.map((n, i) => [n.replace(/\.json$/, ".jsonl"), parseAuthor(blobs[1 + chunkNames.length + i] as Buffer)]));
	const entries: RemoteEntry[] = [];
	const ids = new Set<string>();
	chunkNames.forEach((name, i) => eachEntry(blobs[1 + i] as Buffer, name, entries, ids));
	return { commit, headerLine, entries, ids, chunks: chunkNames.map((name) => ({ name, author: authors.get(name) })), top, sub };
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
		const id = idFromLine(line);
		if (id === undefined || ids.has(id)) continue;
		ids.add(id);
		into.push({ id, line, chunk });
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
