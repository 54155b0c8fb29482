/**
 * What one session's sync does: the remote's entries the local file lacks (appended, in the
 * remote's order: parents first) and the local entries the remote lacks (pushed as one new chunk,
 * with every known key redacted as the export redacts it). Entries are keyed by id: nothing is
 * sent or appended twice. Sync's own leaf markers stay local.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { knownSecrets, redactJson } from "../text/secrets.js";
import { parses } from "./line-head.js";
import { type LocalFile, readLines } from "./local-file.js";
import type { RemoteEntry, RemoteSession } from "./remote-session.js";

/** One session's plan. */
export type SessionPlan = {
	id: string;
	local?: LocalFile;
	remote?: RemoteSession;
	/** Remote entries to append to the local file (all of them for a session new here). */
	append: RemoteEntry[];
	/** Local entry lines to push, redacted. */
	push: Buffer[];
	/** Ids of pushed entries whose line held a key (sent redacted). */
	redacted: string[];
	/** Checkpoint trees the pushed entries name. */
	trees: string[];
	/** Why this session is left as it is (an old file format). */
	note?: string;
};

type Checkpointish = { id?: unknown; type?: unknown; customType?: unknown; data?: { tree?: unknown } };

/** The checkpoint tree an entry line names, if it is an `arbor.checkpoint` entry. */
export function checkpointTree(line: string): string | undefined {
	if (!line.includes('"arbor.checkpoint"')) return undefined;
	try {
		const v = JSON.parse(line) as Checkpointish;
		return v.type === "custom" && v.customType === "arbor.checkpoint" && typeof v.data?.tree === "string" && v.data.tree !== "" ? v.data.tree : undefined;
	} catch {
		return undefined;
	}
}

/** Plans one session from its local file and its remote commit (either may be missing). */
export function planSession(id: string, local: LocalFile | undefined, remote: RemoteSession | undefined): SessionPlan {
	const version = local?.header.version;
	if (typeof version === "number" && version < 3) {
		// v1/v2 entries have no ids to merge by: arbor migrates the file when it next writes to it.
		return { id, local, remote, append: [], push: [], redacted: [], trees: [], note: `a version ${version} session: continue it once with arbor (which migrates it), then sync` };
	}
	// Lines known only by their head are parsed here, the few that move: a damaged one stays where it is.
	const append = remote ? remote.entries.filter((e) => !local?.ids.has(e.id) && (e.checked || parses(e.line))) : [];
	const outgoing = local ? local.lines.filter((l) => !l.syncMarker && !remote?.ids.has(l.id)) : [];
	const secrets = knownSecrets();
	const redacted: string[] = [];
	const trees = new Set<string>();
	const read = readLines(local?.file ?? "", outgoing);
	const sound = outgoing.filter((l, i) => l.checked || parses(read[i] as Buffer));
	const push = (sound.length === outgoing.length ? read : readLines(local?.file ?? "", sound)).map((buf, i) => {
		const text = buf.toString("utf8");
		const tree = checkpointTree(text);
		if (tree) trees.add(tree);
		const clean = redactJson(text, secrets);
		if (clean === text) return buf;
		redacted.push(sound[i]?.id ?? "");
		return Buffer.from(clean);
	});
	return { id, local, remote, append, push, redacted, trees: [...trees] };
}

/** The modes record (checkpoints/modes.ts) of a tree in the store's folder, if there is one. */
export function modesRecord(storeDir: string, tree: string): Buffer | undefined {
	try {
		return fs.readFileSync(path.join(storeDir, "modes", tree));
	} catch {
		return undefined;
	}
}
