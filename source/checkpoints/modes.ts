/**
 * What git does not keep of a file: its exact permission bits (a tree says only 644 or 755, so a
 * `0600` `.env` would come back world-readable). A snapshot's other modes are kept beside the store,
 * `<store>/modes/<tree>` (JSON, path → mode), and a restore writes each file with its own. The
 * store's folders are private: `0700`, like the sessions (checked on every open, so an older store
 * made `0755` is fixed).
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** A regular file's permission bits when they are not what git would give back (644, or 755 when executable). */
export function extraMode(stat: fs.Stats): number | undefined {
	if (!stat.isFile()) return undefined;
	const perm = stat.mode & 0o777;
	return perm === (perm & 0o100 ? 0o755 : 0o644) ? undefined : perm;
}

const modesFile = (storeDir: string, tree: string) => path.join(storeDir, "modes", tree);

function readText(file: string): string | undefined {
	try {
		return fs.readFileSync(file, "utf8");
	} catch {
		return undefined;
	}
}

/** Records a snapshot's modes (none: no file); temp file and rename, readable by the user alone. */
export function saveModes(storeDir: string, tree: string, modes: ReadonlyMap<string, number>): void {
	const file = modesFile(storeDir, tree);
	const text = modes.size === 0 ? undefined : JSON.stringify([...modes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
	if (readText(file) === text) return;
	if (text === undefined) return void fs.rmSync(file, { force: true });
	privateDir(path.dirname(file));
	const temp = `${file}.${process.pid}.tmp`;
	fs.writeFileSync(temp, text, { mode: 0o600 });
	fs.renameSync(temp, file);
}

/** The modes recorded for a tree (empty when none were, or the record is unreadable: git's then). */
export function loadModes(storeDir: string, tree: string): Map<string, number> {
	const text = readText(modesFile(storeDir, tree));
	if (text === undefined) return new Map();
	try {
		const pairs: unknown = JSON.parse(text);
		if (!Array.isArray(pairs)) return new Map();
		return new Map(pairs.filter((p): p is [string, number] => Array.isArray(p) && typeof p[0] === "string" && Number.isInteger(p[1])).map(([p, m]) => [p, m & 0o777]));
	} catch {
		return new Map();
	}
}

/** Drops the records of trees gc dropped. */
export function dropModes(storeDir: string, trees: readonly string[]): void {
	for (const tree of trees) fs.rmSync(modesFile(storeDir, tree), { force: true });
}

/** A folder only its owner may enter: created `0700`, an existing one set to `0700`. */
export function privateDir(dir: string): void {
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
}
