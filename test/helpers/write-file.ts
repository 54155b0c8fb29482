import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** Writes `text` to `file`, its folders made first; returns the path. */
export function write(file: string, text: string): string {
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, text);
	return file;
}
