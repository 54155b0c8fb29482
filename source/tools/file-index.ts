/**
 * The project's files for `@` completion, from the same ignore-aware walk as `grep` and `find`
 * (walk.ts: every .gitignore, never `.git` or `node_modules`). The walk runs in the background; the
 * list is always answered from what the last walk found, so a keystroke never waits for one. A
 * later `refresh` walks again in the background and swaps the list in when it is done.
 */
import path from "node:path";
import { walkFiles } from "./walk.js";

/** More files than this are not listed (a home directory, a monorepo's build output). */
const MAX_INDEXED_FILES = 200_000;

export class FileIndex {
	/** Paths relative to the folder, `/`-separated, in walk order. */
	private list: readonly string[] = [];
	private walking: Promise<void> | null = null;
	private walked = false;
	private walkedAt = -Infinity;
	private readonly listeners = new Set<() => void>();

	constructor(private readonly dir: string) {}

	get files(): readonly string[] {
		return this.list;
	}

	/** True until the first walk has ended (the list may still grow). */
	get loading(): boolean {
		return !this.walked;
	}

	/** Starts a walk unless one runs or the last ended less than `minAgeMs` ago; the first walk shows its files as it finds them. */
	refresh(minAgeMs = 0): void {
		if (this.walking || Date.now() - this.walkedAt < minAgeMs) return;
		this.walking = this.walk();
	}

	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private async walk(): Promise<void> {
		const found: string[] = [];
		const first = !this.walked;
		let shown = 0;
		try {
			for await (const abs of walkFiles(this.dir)) {
				found.push(path.relative(this.dir, abs).split(path.sep).join("/"));
				if (found.length >= MAX_INDEXED_FILES) break;
				// The first walk shows progress every 2,000 files; later walks swap in at the end.
				if (first && found.length - shown >= 2000) {
					shown = found.length;
					this.list = found.slice();
					this.changed();
				}
			}
		} catch {
			// An unreadable folder ends the walk: what was found is still worth listing.
		}
		this.list = found;
		this.walked = true;
		this.walkedAt = Date.now();
		// Before the listeners run: one of them may ask for the next walk.
		this.walking = null;
		this.changed();
	}

	/** Counts the changes: what a subscriber compares to see one it missed (useSyncExternalStore). */
	version = 0;

	private changed(): void {
		this.version += 1;
		for (const listener of this.listeners) listener();
	}
}
