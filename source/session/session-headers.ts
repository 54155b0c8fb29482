import { readHeader } from "./parse.js";
import { sessionFiles } from "./paths.js";
import type { SessionHeader } from "./types.js";
import { errnoCode } from "../text/error-text.js";

/**
 * What `pick` makes of each session file of `dir` and its header, read from its first line alone
 * (undefined: left out). A file without a header is passed over, as is one that cannot be read (an
 * errno, from the header or from `pick`'s own reads); any other error is thrown.
 */
export function fromHeaders<T>(dir: string, pick: (file: string, header: SessionHeader) => T | undefined): T[] {
	const out: T[] = [];
	for (const file of sessionFiles(dir)) {
		try {
			const header = readHeader(file);
			const picked = header && pick(file, header);
			if (picked !== undefined) out.push(picked);
		} catch (error) {
			if (errnoCode(error) === undefined) throw error;
		}
	}
	return out;
}
