/**
 * A tree made in the private store without touching the working tree: `base` with some paths as they
 * are in `from` (absent there: removed), through a temporary index of its own. Its modes record
 * (modes.ts) is `base`'s with those paths' from `from`, and it gets a ref like every snapshot.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runGit } from "./git.js";
import { loadModes, saveModes } from "./modes.js";
import type { CheckpointStore } from "./store.js";

const NO_OBJECT = "0".repeat(40);

export async function overlayTree(store: CheckpointStore, base: string, from: string, paths: readonly string[]): Promise<string> {
	const place = { ...store.place, indexFile: path.join(store.dir, `overlay-${process.pid}.index`) };
	try {
		await runGit(place, ["read-tree", base]);
		// The whole listing, filtered here: ls-tree takes no literal pathspecs.
		const listed = (await runGit(place, ["ls-tree", "-r", "-z", from])).toString("utf8");
		const lines = new Map<string, string>(paths.map((p) => [p, `0 ${NO_OBJECT}\t${p}`]));
		for (const item of listed.split("\0")) {
			const tab = item.indexOf("\t");
			const file = item.slice(tab + 1);
			if (tab < 0 || !lines.has(file)) continue;
			const [mode, , id] = item.slice(0, tab).split(" ");
			lines.set(file, `${mode} ${id}\t${file}`);
		}
		await runGit(place, ["update-index", "-z", "--index-info"], `${[...lines.values()].join("\0")}\0`);
		const tree = (await runGit(place, ["write-tree"])).toString("utf8").trim();
		await runGit(place, ["update-ref", `refs/arbor/${tree}`, tree]);
		const modes = loadModes(store.dir, base);
		const fromModes = loadModes(store.dir, from);
		for (const p of paths) {
			const mode = fromModes.get(p);
			if (mode === undefined) modes.delete(p);
			else modes.set(p, mode);
		}
		saveModes(store.dir, tree, modes);
		return tree;
	} finally {
		fs.rmSync(place.indexFile, { force: true });
	}
}
