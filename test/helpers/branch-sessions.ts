import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sessionDirFor } from "../../source/session/paths.js";

type Line = Record<string, unknown>;

const START = Date.parse("2026-11-20T10:00:00.000Z");
/** Each call writes the same times (files share one module, as test/terminal runs without isolation). */
let clock = START;
const at = () => new Date((clock += 1000)).toISOString();

function msg(id: string, parentId: string | null, role: "user" | "assistant", text: string): Line {
	const content = role === "user" ? text : [{ type: "text", text }];
	const extra = role === "assistant" ? { api: "openai-completions", provider: "compat", model: "test-model", stopReason: "stop" } : {};
	return { type: "message", id, parentId, timestamp: at(), message: { role, content, timestamp: clock, ...extra } };
}

function write(dir: string, name: string, id: string, cwd: string, entries: Line[]): string {
	const file = join(dir, name);
	const header = { type: "session", version: 3, id, timestamp: at(), cwd };
	writeFileSync(file, `${[header, ...entries].map((l) => JSON.stringify(l)).join("\n")}\n`);
	return file;
}

/**
 * Two sessions in `cwd`'s session folder. `branched`: u1 → a1 → (uA "apple" → aA) | (uB "banana" →
 * aB, the leaf, written last). `other`: one zebra exchange in another file.
 */
export function writeBranchSessions(cwd: string, home: string): { dir: string; branched: string; other: string } {
	const dir = sessionDirFor(cwd, home);
	mkdirSync(dir, { recursive: true });
	clock = START;
	const branched = write(dir, "2026-11-20_branched.jsonl", "0a1b2c3d-0000-4000-8000-000000000001", cwd, [
		msg("u1", null, "user", "Plan the fruit stand"),
		msg("a1", "u1", "assistant", "Two ways to go"),
		msg("uA", "a1", "user", "Try the apple approach"),
		msg("aA", "uA", "assistant", "Apples sell best in autumn, conclusion APPLEWIN"),
		msg("uB", "a1", "user", "Try the banana approach"),
		msg("aB", "uB", "assistant", "Bananas ripen fast, conclusion BANANAWIN"),
	]);
	const other = write(dir, "2026-11-20_other.jsonl", "9f8e7d6c-0000-4000-8000-000000000002", cwd, [
		msg("z1", null, "user", "Tell me about the zebra crossing"),
		msg("z2", "z1", "assistant", "A zebra crossing has stripes 縞模様 🦓 and more words after the wide ones"),
	]);
	return { dir, branched, other };
}
