/**
 * The next commit of a session on the remote (see remote-session.ts): the fetched commit's tree
 * plus one new chunk of entries, its author, and the checkpoint trees (with their modes records)
 * those entries name. Objects are written to the private store only; the push sends them.
 */
import type { GitPlace } from "../checkpoints/git.js";
import { storeGit } from "./git-run.js";
import type { RemoteSession } from "./remote-session.js";

/** Who pushed a chunk. */
export type Author = { host: string; user: string };

/** What one sync adds to a session on the remote. */
export type NewChunk = {
	lines: readonly Buffer[];
	author: Author;
	/** Checkpoint trees (in the store) the chunk's entries name, with their modes records when there are. */
	checkpoints: readonly { tree: string; modes?: Buffer }[];
};

async function blob(place: GitPlace, content: Buffer | string): Promise<string> {
	return (await storeGit(place, ["hash-object", "-w", "--stdin"], content)).toString("utf8").trim();
}

async function tree(place: GitPlace, rows: ReadonlyMap<string, string>): Promise<string> {
	const text = [...rows].map(([name, row]) => `${row}\t${name}\n`).join("");
	return (await storeGit(place, ["mktree"], text)).toString("utf8").trim();
}

/** The chunk name after `count` chunks: zero-padded so names sort in order. */
export function chunkName(count: number): string {
	return `${String(count + 1).padStart(10, "0")}.jsonl`;
}

/** Writes the commit holding `base` (if any) plus `chunk`; returns its id. */
export async function writeRemote(place: GitPlace, opts: { base?: RemoteSession; headerLine: string; chunk: NewChunk; message: string }): Promise<string> {
	const { base, chunk } = opts;
	const top = new Map(base?.top ?? []);
	const sub = (name: string) => new Map(base?.sub.get(name) ?? []);
	if (!top.has("header.json")) top.set("header.json", `100644 blob ${await blob(place, `${opts.headerLine}\n`)}`);
	const name = chunkName(base?.chunks.length ?? 0);
	const entries = sub("entries");
	entries.set(name, `100644 blob ${await blob(place, Buffer.concat(chunk.lines.flatMap((l) => [l, Buffer.from("\n")])))}`);
	top.set("entries", `040000 tree ${await tree(place, entries)}`);
	const authors = sub("authors");
	authors.set(name.replace(/\.jsonl$/, ".json"), `100644 blob ${await blob(place, `${JSON.stringify(chunk.author)}\n`)}`);
	top.set("authors", `040000 tree ${await tree(place, authors)}`);
	if (chunk.checkpoints.length > 0) {
		const trees = sub("checkpoints");
		const modes = sub("modes");
		for (const c of chunk.checkpoints) {
			trees.set(c.tree, `040000 tree ${c.tree}`);
			if (c.modes) modes.set(c.tree, `100644 blob ${await blob(place, c.modes)}`);
		}
		top.set("checkpoints", `040000 tree ${await tree(place, trees)}`);
		if (modes.size > 0) top.set("modes", `040000 tree ${await tree(place, modes)}`);
	}
	const root = await tree(place, top);
	const parent = base ? ["-p", base.commit] : [];
	return (await storeGit(place, ["commit-tree", root, ...parent, "-m", opts.message])).toString("utf8").trim();
}
