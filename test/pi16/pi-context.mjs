// pi 1.6's own reading of a session file: for every entry as leaf (and for the file's default
// leaf, key ""), buildSessionContext's messages and pi's convertToLlm of them. Run with a Node ≥ 22.19:
// node pi-context.mjs <session.jsonl>; prints {leaves: [{leaf, messages, llm, model, thinkingLevel}]} (leaf null: the default).
import { readFileSync } from "node:fs";
import { buildSessionContext, convertToLlm, migrateSessionEntries, parseSessionEntries } from "@earendil-works/pi-coding-agent";

const fileEntries = parseSessionEntries(readFileSync(process.argv[2], "utf8"));
migrateSessionEntries(fileEntries);
const entries = fileEntries.filter((e) => e.type !== "session");
const leaves = [undefined, ...entries.map((e) => e.id)].map((leaf) => {
	const { messages, model, thinkingLevel } = buildSessionContext(entries, leaf);
	return { leaf: leaf ?? null, messages, llm: convertToLlm(messages), model, thinkingLevel };
});
process.stdout.write(JSON.stringify({ leaves }));
