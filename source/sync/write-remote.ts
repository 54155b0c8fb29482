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
function commandsOf(c: NewCommit, when: number): Buffer[] {
	const message = Buffer.from(c.message);
	const out: Buffer[] = [Buffer.from(`commit ${OUT}${c.id}\ncommitter arbor <arbor@localhost> ${when} +0000\ndata ${message.length}\n`), message, Buffer.from("\n")];
	if (c.base) out.push(Buffer.from(`from ${c.base.commit}\n`));
	if (!c.base?.top.has("header.json")) out.push(...inline("header.json", Buffer.from(`${c.headerLine}\n`)));
	const name = chunkName(c.base?.chunks.length ?? 0);
	out.push(...inline(`entries/${name}`, Buffer.concat(c.chunk.lines.flatMap((l) => [l, Buffer.from("\n")]))));
	out.push(...inline(`authors/${name.replace(/\.jsonl$/, ".json")}`, Buffer.from(`${JSON.stringify(c.chunk.author)}\n`)));
	for (const { tree, modes } of c.chunk.checkpoints) {
		out.push(Buffer.from(`M 040000 ${tree} checkpoints/${tree}\n`));
		if (modes) out.push(...inline(`modes/${tree}`, modes));
	}
	out.push(Buffer.from("\n"));
	return out;
}

/** Writes the commits; returns their ids by session id. */
export async function writeRemotes(place: GitPlace, commits: readonly NewCommit[]): Promise<Map<string, string>> {
	const written = new Map<string, string>();
	if (commits.length === 0) return written;
	const when = Math.floor(Date.now() / 1000);
	await storeGit(place, ["fast-import", "--quiet", "--force", "--done"], Buffer.concat([...commits.flatMap((c) => commandsOf(c, when)), Buffer.from("done\n")]));
	const refs = (await storeGit(place, ["for-each-ref", "--format=%(refname) %(objectname)", OUT])).toString("utf8");
	const byId = new Map(refs.split("\n").filter(Boolean).map((l) => [l.split(" ")[0]?.slice(OUT.length) ?? "", l.split(" ")[1] ?? ""]));
	for (const c of commits) written.set(c.id, byId.get(c.id) ?? "");
	return written;
}
