import { readFileSync } from "node:fs";

/** Every line of a JSONL file, parsed (blank lines skipped): a session file as the tests read it. */
export function readJsonl(file: string): any[] {
	return readFileSync(file, "utf8")
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line));
}
