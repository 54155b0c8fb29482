import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Creates a temp directory holding `files` (paths with `/`, parents created). */
export function makeTree(files: Record<string, string | Buffer> = {}): string {
	const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-tools-")));
	for (const [rel, content] of Object.entries(files)) {
		const abs = path.join(dir, rel);
		fs.mkdirSync(path.dirname(abs), { recursive: true });
		fs.writeFileSync(abs, content);
	}
	return dir;
}

/** Removes a directory made by makeTree. */
export function removeTree(dir: string): void {
	fs.rmSync(dir, { recursive: true, force: true });
}
