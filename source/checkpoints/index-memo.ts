/**
 * What a store knows of its index (snapshot-files.ts), kept beside it (`<index file>-files`) so the
 * next arbor process on the project starts from it instead of listing and measuring every file
 * again. It holds the index file's stamp (identity and last change) when it was written: a memo
 * whose stamp is not the index's now (another process wrote it since, gc dropped it) is ignored.
 * Format: a first line `<stamp> <tree> <whole: 1|0> 2`, then per file `<mode or -> <ino>,<st_mode>,<size>,<mtimeMs>,<ctimeMs> <path>\0`
 * (what lstat said as the file was measured, stamp.ts), or over OWN_LOOK_FILES files `<mode or -> <size> <path>\0`.
 * A memo in an older format is not used.
 */
import * as fs from "node:fs";
import type { IndexedFile } from "./snapshot-files.js";
import { NO_STAMP, OWN_LOOK_FILES, stampFrom } from "./stamp.js";

/** The memo: the last snapshot's tree, whether nothing was left out of it, and the index's files. */
export type IndexMemo = { tree: string; whole: boolean; files: Map<string, IndexedFile> };

const memoFile = (indexFile: string) => `${indexFile}-files`;

/** Writes the memo (temp file and rename, readable by the user alone). */
export function saveMemo(indexFile: string, stamp: string, memo: IndexMemo): void {
	const parts = [`${stamp} ${memo.tree} ${memo.whole ? 1 : 0} 2\n`];
	if (memo.files.size > OWN_LOOK_FILES) for (const [p, { mode, size }] of memo.files) parts.push(`${mode ?? "-"} ${size} ${p}\0`);
	else for (const [p, { mode, stamp: s }] of memo.files) parts.push(`${mode ?? "-"} ${s.ino},${s.mode},${s.size},${s.mtimeMs},${s.ctimeMs} ${p}\0`);
	const temp = `${memoFile(indexFile)}.${process.pid}.tmp`;
	fs.writeFileSync(temp, parts.join(""), { mode: 0o600 });
	fs.renameSync(temp, memoFile(indexFile));
}

/** The memo, when it was written for the index as it is now (`stamp`); else undefined. */
export function loadMemo(indexFile: string, stamp: string): IndexMemo | undefined {
	let text: string;
	try {
		text = fs.readFileSync(memoFile(indexFile), "utf8");
	} catch {
		return undefined;
	}
	const eol = text.indexOf("\n");
	const [memoStamp, tree = "", whole, version] = text.slice(0, eol).split(" ");
	if (eol < 0 || stamp === "" || memoStamp !== stamp || version !== "2" || !/^[0-9a-f]{40,64}$/.test(tree)) return undefined;
	const files = new Map<string, IndexedFile>();
	for (const item of text.slice(eol + 1).split("\0")) {
		const a = item.indexOf(" ");
		const b = item.indexOf(" ", a + 1);
		if (a < 0 || b < 0) continue;
		const mode = item.slice(0, a);
		const fields = item.slice(a + 1, b).split(",");
		const seen = fields.length === 1 ? NO_STAMP : stampFrom(fields);
		const size = fields.length === 1 ? Number(fields[0]) : seen?.size;
		if (!seen || size === undefined || !Number.isFinite(size)) return undefined;
		files.set(item.slice(b + 1), mode === "-" ? { size, stamp: seen } : { size, mode: Number(mode), stamp: seen });
	}
	return { tree, whole: whole === "1", files };
}
