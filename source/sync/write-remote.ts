/**
 * The next commit of each session to push (see remote-session.ts): the fetched commit's tree plus
 * one new chunk of entries, its author, and the checkpoint trees (with their modes records) those
 * entries name. All of one sync's commits are written by one `git fast-import` into the private
 * store (under `refs/arbor-sync/out/`); the push sends them.
 */
import type { GitPlace } from "../checkpoints/git.js";
import { storeGit } from "./git-run.js";
import type { RemoteSession } from "./remote-session.js";

/** Who pushed a chunk. */
export type Author = { host: string; user: string };

/** What one sync adds to a session on the remote. */
type NewChunk = {
	lines: readonly Buffer[];
	author: Author;
	/** Checkpoint trees (in the store) the chunk's entries name, with their modes records when there are. */
	checkpoints: readonly { tree: string; modes?: Buffer }[];
};

/** One commit to write. */
export type NewCommit = { id: string; base?: RemoteSession; headerLine: string; chunk: NewChunk; message: string };

const OUT = "refs/arbor-sync/out/";

/** The chunk name after `count` chunks: zero-padded so names sort in order. */
function chunkName(count: number): string {
	return `${String(count + 1).padStart(10, "0")}.jsonl`;
}

function inline(path: string, data: Buffer): Buffer[] {
	return [Buffer.from(`M 100644 inline ${path}\ndata ${data.length}\n`), data, Buffer.from("\n")];
}

/** The fast-import commands of one commit. */
function commandsOf(c: NewCommit, when: number, mark: number): Buffer[] {
	const message = Buffer.from(c.message);
	const out: Buffer[] = [Buffer.from(`commit ${OUT}${c.id}\nmark :${mark}\ncommitter arbor <arbor@localhost> ${when} +0000\ndata ${message.length}\n`), message, Buffer.from("\n")];
	if (c.base) out.push(Buffer.from(`from ${c.base.commit}\n`));
	if (!c.base?.top.has("header.json")) out.push(...inline("header.json", Buffer.from(`${c.headerLine}\n`)));
	const name = chunkName(c.base?.chunks.length ?? 0);
	out.push(...inline(`entries/${name}`, Buffer.concat(c.chunk.lines.flatMap((l) => [l, Buffer.from("\n")]))));
	out.push(...inline(`authors/${name.replace(/\.jsonl$/, ".json")}`, Buffer.from(`${JSON.stringify(c.chunk.author)}\n`)));
	for (const { tree, modes } of c.chunk.checkpoints) {
		out.push(Buffer.from(`M 040000 ${tree} checkpoints/${tree}\n`));
		if (modes) out.push(...inline(`modes/${tree}`, modes));
	}
	// fast-import answers `get-mark` on its stdout: the commit's id, without a for-each-ref after it.
	out.push(Buffer.from(`\nget-mark :${mark}\n`));
	return out;
}

/** Writes the commits; returns their ids by session id. */
export async function writeRemotes(place: GitPlace, commits: readonly NewCommit[]): Promise<Map<string, string>> {
	const written = new Map<string, string>();
	if (commits.length === 0) return written;
	const when = Math.floor(Date.now() / 1000);
	const out = await storeGit(place, ["fast-import", "--quiet", "--force", "--done"], Buffer.concat([...commits.flatMap((c, i) => commandsOf(c, when, i + 1)), Buffer.from("done\n")]));
	const ids = out.toString("utf8").split("\n").filter(Boolean);
	commits.forEach((c, i) => written.set(c.id, ids[i] ?? ""));
	return written;
}
